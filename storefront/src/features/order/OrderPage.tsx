// The order page (/pedido?id=…&key=…): the order code and amount with copy buttons, where
// to transfer, the status in words with a live countdown, the WhatsApp button, the
// receipt upload, and the numbers once paid. It re-reads the order now and then, so a
// confirmation by staff shows up without a reload.
import {
  asSentence,
  BUYER_TEXTS,
  CONSENT_MESSAGES,
  ERRORS,
  formatCount,
  formatDate,
  formatDateTime,
  formatUsd,
  numberRuns,
  ORDER_MESSAGES,
  rafflePath,
  refundHowText,
  ticketPath,
  TICKET_TEXTS,
  TOASTS,
  type OrderView,
  type ReceiptInfo,
} from '@vag/contracts';
import { useEffect, useState } from 'react';
import { toast } from '../shared/toast';
import { apiGet, errorMessage } from '../shared/api';
import {
  conceptCode,
  countdownText,
  orderLocation,
  shownNumbers,
  whatsappOrderLink,
} from './order';
import { InvoiceSection } from './InvoiceSection';
import { ReceiptUpload } from './ReceiptUpload';

const REFRESH_MS = 15_000;
/** Long values (names, account numbers) wrap instead of widening the page. */
const WRAP = { overflowWrap: 'anywhere' } as const;

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(TOASTS.copied);
  } catch {
    toast.error(ERRORS.clipboard);
  }
}

function CopyRow({ label, value, shown }: { label: string; value: string; shown?: string }) {
  return (
    <div className="bank-row">
      <dt>{label}</dt>
      <dd style={WRAP}>{shown ?? value}</dd>
      <button
        type="button"
        className="copy-btn"
        onClick={() => void copy(value)}
        aria-label={`Copiar ${label.toLowerCase()}`}
      >
        Copiar
      </button>
    </div>
  );
}

function Countdown({ deadline }: { deadline: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p>
      Tus números están reservados hasta el {formatDateTime(deadline)}. Tiempo restante:{' '}
      <strong data-testid="countdown" aria-live="off">
        {countdownText(deadline, now)}
      </strong>
    </p>
  );
}

function Receipts({ receipts }: { receipts: ReceiptInfo[] }) {
  if (receipts.length === 0) return null;
  return (
    <p className="muted">
      Comprobantes enviados: {receipts.length} (último el{' '}
      {formatDateTime(receipts[receipts.length - 1]!.uploadedAt)}).
    </p>
  );
}

/**
 * What to type as the transfer's concept: the order code alone, so the bank statement's
 * line names the order and the import confirms it (see conceptCode in order.ts).
 */
function Concept({ code }: { code: string }) {
  return (
    <div className="alert alert-warn concept" data-testid="transfer-concept">
      <p>
        En el concepto o referencia de la transferencia escribe solo:{' '}
        <strong className="order-code concept-code">{code}</strong>
      </p>
      <button
        type="button"
        className="copy-btn"
        onClick={() => void copy(code)}
        aria-label="Copiar código de pedido"
      >
        Copiar
      </button>
      <p className="concept-hint">
        Sin tu nombre ni otras palabras: así reconocemos tu pago en el estado de cuenta del banco.
        Si tu banco no acepta el guion, escribe <strong>{conceptCode(code)}</strong>.
      </p>
    </div>
  );
}

function PayTo({ order }: { order: OrderView }) {
  return (
    <section className="card" aria-labelledby="pay-title">
      <h2 id="pay-title">Cómo pagar</h2>
      <p>
        Transfiere exactamente <strong>{formatUsd(order.totalPrice)}</strong> a una de estas
        cuentas.
      </p>
      <Concept code={order.orderCode} />
      <dl>
        <CopyRow
          label="Monto"
          value={order.totalPrice.toFixed(2)}
          shown={formatUsd(order.totalPrice)}
        />
      </dl>
      {order.bankAccounts.map((account) => (
        <div
          key={`${account.bank}-${account.number}`}
          className="bank-details alert alert-info"
          data-testid="bank-account"
        >
          <dl>
            <CopyRow label="Banco" value={account.bank} />
            <CopyRow label="Tipo de cuenta" value={account.type} />
            <CopyRow label="Número de cuenta" value={account.number} />
            <CopyRow label="Titular" value={account.holder} />
            <CopyRow label="Cédula o RUC" value={account.holderId} />
          </dl>
        </div>
      ))}
    </section>
  );
}

function WhatsAppButton({ order }: { order: OrderView }) {
  const href = whatsappOrderLink(order.whatsappNumber, order.whatsappText);
  if (!href) return null;
  // A button, not a link that opens by itself: the new tab opens only when pressed.
  return (
    <button
      type="button"
      className="btn btn-outline"
      onClick={() => window.open(href, '_blank', 'noopener,noreferrer')}
    >
      Enviar comprobante por WhatsApp
    </button>
  );
}

/** Runs shown before "Ver todos": a big purchase stays a short page. */
const RUNS_SHOWN = 60;

/** The numbers as runs ('0001-0003'), the first few, with the rest one tap away. */
function Numbers({ numbers, held = false }: { numbers: string[]; held?: boolean }) {
  const [all, setAll] = useState(false);
  const runs = numberRuns(numbers);
  const shown = all ? runs : runs.slice(0, RUNS_SHOWN);
  return (
    <>
      <h3>
        {held ? 'Tus números apartados' : 'Tus números'} ({formatCount(numbers.length)})
      </h3>
      {held && <p>Son tuyos cuando se confirme el pago.</p>}
      <ul
        className="numbers"
        aria-label={held ? 'Tus números apartados' : 'Tus números'}
        data-testid={held ? 'held-numbers' : 'order-numbers'}
      >
        {shown.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      {runs.length > shown.length && (
        <button type="button" className="btn btn-outline" onClick={() => setAll(true)}>
          Ver todos ({formatCount(runs.length - shown.length)} grupos más)
        </button>
      )}
    </>
  );
}

/** Assigned numbers once paid; a pick-mode order's chosen numbers as held before that. */
function ShownNumbers({ order }: { order: OrderView }) {
  const shown = shownNumbers(order);
  return shown.numbers.length > 0 ? <Numbers numbers={shown.numbers} held={shown.held} /> : null;
}

function Status({ order }: { order: OrderView }) {
  return (
    <section className="card" aria-labelledby="status-title">
      <h2 id="status-title">Estado</h2>
      <p role="status" data-testid="order-status" style={{ fontSize: '1.4rem', fontWeight: 700 }}>
        {order.statusText}
      </p>
      {order.rejectionReason && (
        <p className="alert alert-error" style={WRAP} data-testid="rejection-reason">
          Motivo: {asSentence(order.rejectionReason)}. Tu pedido sigue pendiente de pago: sube un
          nuevo comprobante antes de que termine la reserva.
        </p>
      )}
      {order.shortPayment && (
        <p className="alert alert-error" style={WRAP} data-testid="short-payment">
          {ORDER_MESSAGES.shortPaymentBuyer(
            formatUsd(order.shortPayment.received),
            formatUsd(order.shortPayment.missing),
            order.orderCode,
          )}
        </p>
      )}
      {order.state === 'in_review' && (
        <p data-testid="review-notice">
          Revisaremos tu comprobante y te avisaremos por correo y{' '}
          {order.messageChannel === 'whatsapp' ? 'WhatsApp' : 'SMS'}.
        </p>
      )}
      {order.state === 'expired' && (
        <p>
          La reserva terminó sin un pago confirmado y los números fueron liberados. Si ya
          transferiste, escríbenos por WhatsApp con tu comprobante.
        </p>
      )}
      {order.refund && <Refunded refund={order.refund} />}
      {order.deadline && <Countdown deadline={order.deadline} />}
      <ShownNumbers order={order} />
      <PrizesWon order={order} />
      {order.state === 'paid' && order.assignedNumbers.length === 0 && (
        <p>Pago confirmado. Estamos asignando tus números…</p>
      )}
    </section>
  );
}

/**
 * A refunded purchase says how much went back, when and how (SPEC §4, "Refunds"): its
 * numbers stay on record but no longer take part in the draw.
 */
function Refunded({ refund }: { refund: NonNullable<OrderView['refund']> }) {
  return (
    <div className="alert alert-info" data-testid="order-refund" style={WRAP}>
      <p style={{ margin: 0 }}>
        {ORDER_MESSAGES.refundedBuyer(formatUsd(refund.amount), formatDate(refund.at))}{' '}
        <strong>{refundHowText(refund.method)}</strong>.
      </p>
      <p style={{ margin: '0.4rem 0 0' }}>{ORDER_MESSAGES.refundedNumbers}</p>
    </div>
  );
}

/** A winner's order says what they won, not just 'Pagado'. */
function PrizesWon({ order }: { order: OrderView }) {
  const won = order.instantPrizesWon ?? [];
  if (won.length === 0) return null;
  return (
    <div className="alert alert-success" data-testid="order-instant-prizes" style={WRAP}>
      <strong>{TICKET_TEXTS.instantPrizeTitle}</strong>
      {won.map((prize) => (
        <p key={prize.number} style={{ margin: '0.25rem 0 0' }}>
          {TICKET_TEXTS.instantPrize(prize.number, formatUsd(prize.amount))}
        </p>
      ))}
    </div>
  );
}

/** A link that opens no order: say so, and where the buyer can get their links again. */
function OrderLinkProblem({ message }: { message: string }) {
  return (
    <div className="order-page">
      <p className="alert alert-error" role="alert">
        {message}
      </p>
      <p>
        {BUYER_TEXTS.orderLinkHelp} <a href="/#lookup">{BUYER_TEXTS.orderLookupLink}</a>
      </p>
    </div>
  );
}

export default function OrderPage() {
  const [where] = useState(() => orderLocation(window.location.search));
  const [order, setOrder] = useState<OrderView | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!where) return;
    let stopped = false;
    let atDeadline: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      apiGet<OrderView>(
        `/orders/${encodeURIComponent(where.id)}?key=${encodeURIComponent(where.key)}`,
      )
        .then((o) => {
          if (stopped) return;
          setOrder(o);
          setError(null);
          // Ask again the moment the hold ends, so 'Vencido' shows when the countdown ends.
          clearTimeout(atDeadline);
          if (o.deadline)
            atDeadline = setTimeout(load, Math.max(0, Date.parse(o.deadline) - Date.now()) + 500);
        })
        .catch((e: unknown) => !stopped && setError(errorMessage(e)));
    void load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
      clearTimeout(atDeadline);
    };
  }, [where]);

  if (!where) return <OrderLinkProblem message="No se encontró el pedido en el enlace." />;
  // The spinner sits where the order will be, inside the same box, so the box itself
  // does not move when the order replaces it.
  if (!order)
    return error ? (
      <OrderLinkProblem message={error} />
    ) : (
      <div className="order-page">
        <div className="spinner" aria-label="Cargando" />
      </div>
    );

  return (
    <div className="order-page">
      <h1>
        Tu pedido <span className="order-code">{order.orderCode}</span>
      </h1>
      <p className="order-raffle" data-testid="order-raffle">
        Rifa:{' '}
        {order.raffle.slug ? (
          <a href={rafflePath(order.raffle.slug)}>{order.raffle.name}</a>
        ) : (
          <strong>{order.raffle.name}</strong>
        )}
      </p>
      <p>
        {formatCount(order.quantity)} números · {order.packageName} · {formatUsd(order.totalPrice)}
      </p>
      <Status order={order} />
      {order.state === 'paid' && order.assignedNumbers.length > 0 && (
        <p>
          <a className="btn btn-outline" href={`/api${ticketPath(where.id, where.key)}`} download>
            {TICKET_TEXTS.download}
          </a>
        </p>
      )}
      {order.invoice && (
        <InvoiceSection invoice={order.invoice} id={where.id} orderKey={where.key} />
      )}
      {order.canUploadReceipt && (
        <>
          <PayTo order={order} />
          <section className="card" aria-labelledby="receipt-title">
            <h2 id="receipt-title">Comprobante</h2>
            <ReceiptUpload id={where.id} accessKey={where.key} onUploaded={setOrder} />
            <Receipts receipts={order.receipts} />
            <WhatsAppButton order={order} />
          </section>
        </>
      )}
      <p>
        <a href="/">Volver al inicio</a>
      </p>
      {order.unsubscribeToken && (
        <p className="order-unsubscribe muted">
          <a href={`/baja?t=${encodeURIComponent(order.unsubscribeToken)}`}>
            {CONSENT_MESSAGES.unsubscribeLink}
          </a>
        </p>
      )}
    </div>
  );
}
