// Confirmation island (/payment-success): confirms the payment with the api, then shows
// the processing, success, error or no-data state (SPEC §2, §7, §8).
import {
  formatCount,
  ERRORS,
  formatDateTime,
  formatUsd,
  PAYMENT_METHOD_LABELS,
  TOASTS,
  UI,
  type Purchase,
} from '@vag/contracts';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../shared/toast';
import { UnpaidCard } from '../order/UnpaidCard';
import { apiGet, apiPost, ApiError } from '../shared/api';
import {
  buyerAddress,
  confirmationAction,
  NUMBERS_POLL,
  providerReference,
  purchaseFrom,
  purchaseIdOnly,
  type ConfirmationAction,
} from './confirmation';
import { rememberedOrderKey } from './order-key';

type State =
  | { kind: 'processing' }
  | { kind: 'success'; purchase: Purchase }
  | { kind: 'error'; detail: string | null }
  | { kind: 'none' };

class ConfirmationError extends Error {}

/** GET /purchases/{id}, with the order's key when known (without it: no personal data). */
const purchasePath = (id: string, key?: string | null) =>
  `/purchases/${encodeURIComponent(id)}${key ? `?key=${encodeURIComponent(key)}` : ''}`;

const urlKey = () => new URLSearchParams(window.location.search).get('key');

/**
 * The order's key as this page can prove it: from its own link, else the one this tab
 * kept at create-order. Without it the confirmation calls answer no personal data.
 */
const proofKey = () => urlKey() ?? rememberedOrderKey() ?? undefined;

const serverMsg = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status !== null ? error.message : fallback;

async function confirm(action: Exclude<ConfirmationAction, { kind: 'none' }>): Promise<Purchase> {
  const expectPurchase = (body: unknown) => {
    const purchase = purchaseFrom(body);
    if (!purchase) throw new ConfirmationError(ERRORS.purchaseRetrieval);
    return purchase;
  };
  switch (action.kind) {
    case 'paypal': {
      const purchase = expectPurchase(
        await apiPost('/payments/capture-order', { orderId: action.orderId, key: proofKey() }),
      );
      toast.success(TOASTS.paymentCompletedTitle, {
        description: TOASTS.paymentCompleted('PayPal'),
      });
      return purchase;
    }
    case 'card': {
      const purchase = expectPurchase(
        await apiPost('/payments/verify-stripe', { sessionId: action.sessionId, key: proofKey() }),
      );
      toast.success(TOASTS.paymentCompletedTitle, {
        description: TOASTS.paymentCompleted('tarjeta'),
      });
      return purchase;
    }
    case 'payphone': {
      let body: unknown;
      try {
        body = await apiPost('/payments/verify-payphone', {
          id: action.id,
          clientTxId: action.clientTxId,
          key: proofKey(),
        });
      } catch (error) {
        throw new ConfirmationError(serverMsg(error, ERRORS.verifyPayphone));
      }
      const onlyId = purchaseIdOnly(body);
      if (onlyId) {
        const purchase = await loadPurchase(onlyId, urlKey() ?? rememberedOrderKey(onlyId));
        toast.success(TOASTS.paymentConfirmedTitle, {
          description: TOASTS.paymentAlreadyProcessed,
        });
        return purchase;
      }
      const purchase = expectPurchase(body);
      toast.success(TOASTS.paymentCompletedTitle, {
        description: TOASTS.paymentCompleted('PayPhone'),
      });
      return purchase;
    }
    case 'purchase': {
      const purchase = await loadPurchase(action.id, action.key ?? rememberedOrderKey(action.id));
      toast.success(TOASTS.confirmationRescued);
      return purchase;
    }
  }
}

async function loadPurchase(id: string, key?: string | null): Promise<Purchase> {
  try {
    const purchase = purchaseFrom(await apiGet(purchasePath(id, key)));
    if (!purchase) throw new ConfirmationError(ERRORS.purchaseRetrieval);
    return purchase;
  } catch (error) {
    if (error instanceof ConfirmationError) throw error;
    throw new ConfirmationError(serverMsg(error, ERRORS.purchaseRetrieval));
  }
}

export default function Confirmation() {
  const [state, setState] = useState<State>({ kind: 'processing' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const action = confirmationAction(window.location.search);
    if (action.kind === 'none') {
      setState({ kind: 'none' });
      return;
    }
    confirm(action).then(
      (purchase) => setState({ kind: 'success', purchase }),
      (error: unknown) => {
        setState({
          kind: 'error',
          detail:
            error instanceof ConfirmationError || error instanceof ApiError ? error.message : null,
        });
        toast.error(ERRORS.title, { description: ERRORS.paymentConfirmToast });
      },
    );
  }, []);

  // The numbers arrive from the numbers worker shortly after payment.
  const purchaseId = state.kind === 'success' ? state.purchase._id : null;
  // Without the order's key the api answers no numbers: nothing to wait for.
  const accessKey = state.kind === 'success' ? (state.purchase.accessKey ?? null) : null;
  const hasNumbers =
    state.kind === 'success' &&
    (!accessKey ||
      state.purchase.status !== 'COMPLETED' ||
      (state.purchase.assignedNumbers ?? []).length > 0);
  useEffect(() => {
    if (!purchaseId || hasNumbers) return;
    let attempts = 0;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      attempts++;
      try {
        const purchase = purchaseFrom(await apiGet(purchasePath(purchaseId, accessKey)));
        if (purchase && (purchase.assignedNumbers ?? []).length > 0) {
          setState({ kind: 'success', purchase });
          return;
        }
      } catch {
        // keep the card as it is; the e-mail carries the numbers anyway
      }
      if (attempts < NUMBERS_POLL.attempts) timer = setTimeout(poll, NUMBERS_POLL.intervalMs);
    };
    timer = setTimeout(poll, NUMBERS_POLL.intervalMs);
    return () => clearTimeout(timer);
  }, [purchaseId, accessKey, hasNumbers]);

  switch (state.kind) {
    case 'processing':
      return (
        // Keyed apart from the answer's card: a new card replaces this one instead of this
        // one changing its insides, which Chromium would count as a layout shift.
        <div key="processing" className="card confirmation-head" role="status" aria-live="polite">
          <div className="spinner" />
          <h1>{UI.confirmingTitle}</h1>
          <p className="muted">{UI.confirmingDescription}</p>
        </div>
      );
    case 'error':
      return (
        <div className="card confirmation-head" role="alert">
          <div className="success-icon error-icon" aria-hidden="true">
            !
          </div>
          <h1>{ERRORS.confirmationTitle}</h1>
          <p>{ERRORS.paymentProcessing}</p>
          {state.detail && <p className="muted">{state.detail}</p>}
          <a className="btn btn-brand" href="/">
            Volver al inicio
          </a>
        </div>
      );
    case 'none':
      return (
        <div className="card confirmation-head">
          <div className="success-icon error-icon" aria-hidden="true">
            ?
          </div>
          <h1>{UI.noPurchaseData}</h1>
          <p>{ERRORS.noTransactionId}</p>
          <p className="muted">
            Si realizaste un pago, contacta a soporte con tu comprobante para ayudarte.
          </p>
          <a className="btn btn-brand" href="/">
            Volver al inicio
          </a>
        </div>
      );
    case 'success':
      // 'Completado' only for a paid purchase; anything else shows its real status.
      return state.purchase.status === 'COMPLETED' ? (
        <SuccessCard purchase={state.purchase} />
      ) : (
        <UnpaidCard purchase={state.purchase} urlKey={urlKey()} />
      );
  }
}

function SuccessCard({ purchase }: { purchase: Purchase }) {
  const reference = providerReference(purchase);
  // An id without its key answers no buyer data and no numbers (they are in the e-mail).
  const buyer = purchase.keyRequired ? null : purchase.buyer;
  const numbers = purchase.assignedNumbers ?? [];
  return (
    <div className="card" data-testid="confirmation-success">
      <div className="confirmation-head">
        <div className="success-icon" aria-hidden="true">
          ✓
        </div>
        <h1>¡Gracias por tu compra!</h1>
        <p>{UI.paymentReceived}</p>
      </div>
      <h2>Detalles del pedido</h2>
      <dl className="detail-list">
        <dt>Número de orden</dt>
        {/* The code the e-mail, the SMS, the ticket and the order page name it by. */}
        <dd>{purchase.orderCode ?? purchase._id}</dd>
        <dt>Fecha</dt>
        <dd>{formatDateTime(purchase.createdAt)}</dd>
        <dt>Estado</dt>
        <dd>
          <span className="status status-completed">{UI.completedLabel}</span>
        </dd>
        <dt>Método de pago</dt>
        <dd>{PAYMENT_METHOD_LABELS[purchase.paymentMethod] ?? purchase.paymentMethod}</dd>
        {reference && (
          <>
            <dt>{reference.label}</dt>
            <dd>{reference.value}</dd>
          </>
        )}
      </dl>
      <h2>Resumen</h2>
      <dl className="detail-list">
        <dt>Cantidad</dt>
        <dd>
          {formatCount(purchase.quantity)} {purchase.quantity === 1 ? 'número' : 'números'}
        </dd>
        <dt>Precio unitario</dt>
        <dd>{formatUsd(purchase.unitPrice)}</dd>
        <dt>Total</dt>
        <dd className="summary-total">{formatUsd(purchase.totalPrice)}</dd>
      </dl>
      <h2>Tus números</h2>
      {purchase.keyRequired ? (
        <p className="muted">
          Tus números están en el correo de confirmación y en la página de tu pedido.
        </p>
      ) : numbers.length > 0 ? (
        <ul className="numbers" aria-label="Números asignados">
          {numbers.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">
          Estamos asignando tus números; también te llegarán por e-mail y SMS.
        </p>
      )}
      {buyer && <BuyerData buyer={buyer} />}
      <p style={{ textAlign: 'center', marginBottom: 0 }}>
        <a className="btn btn-brand" href="/">
          Volver al inicio
        </a>
      </p>
    </div>
  );
}

function BuyerData({ buyer }: { buyer: Purchase['buyer'] }) {
  return (
    <>
      <h2>Datos del comprador</h2>
      <dl className="detail-list">
        <dt>Nombre</dt>
        <dd>
          {buyer.firstName} {buyer.lastName}
        </dd>
        <dt>Email</dt>
        <dd>{buyer.email}</dd>
        <dt>Teléfono</dt>
        <dd>{buyer.phone}</dd>
        <dt>Dirección</dt>
        <dd>{buyerAddress(buyer) || '—'}</dd>
      </dl>
      <p className="alert alert-info">
        Te enviamos un correo de confirmación a <strong>{buyer.email}</strong> con tus números. Si
        no lo ves, revisa tu carpeta de spam o promociones.
      </p>
    </>
  );
}
