// /payment-success for a purchase that is not paid: its real status (never 'Completado')
// and the way to its order page.
import { formatCount, formatUsd, orderPath, ORDER_MESSAGES, type Purchase } from '@vag/contracts';

const STATUS_WORDS: Record<Purchase['status'], string> = {
  PENDING: ORDER_MESSAGES.status.awaitingPayment,
  EXPIRED: ORDER_MESSAGES.status.expired,
  REFUND_REQUIRED: ORDER_MESSAGES.status.refund,
  COMPLETED: ORDER_MESSAGES.status.paid,
};

export function UnpaidCard({ purchase, urlKey }: { purchase: Purchase; urlKey: string | null }) {
  const key = purchase.accessKey ?? urlKey;
  return (
    <div className="card confirmation-head" data-testid="confirmation-unpaid">
      <h1>Tu pedido aún no está pagado</h1>
      <p>
        Estado: <strong data-testid="purchase-status">{STATUS_WORDS[purchase.status]}</strong>
      </p>
      <p>
        {formatCount(purchase.quantity)} {purchase.quantity === 1 ? 'número' : 'números'} ·{' '}
        {formatUsd(purchase.totalPrice)}
      </p>
      {key ? (
        <a className="btn btn-brand" href={orderPath(purchase._id, key)}>
          Ver mi pedido
        </a>
      ) : (
        <p className="muted">
          Abre el enlace de tu pedido que te enviamos por correo para ver cómo pagar y subir tu
          comprobante.
        </p>
      )}
      <p>
        <a href="/">Volver al inicio</a>
      </p>
    </div>
  );
}
