// The order summary card of the checkout.
import { formatUsd, unitPrice, type SelectedPackage } from '@vag/contracts';

export function OrderSummary({ pkg }: { pkg: SelectedPackage }) {
  return (
    <section className="card" aria-labelledby="summary-title">
      <h2 id="summary-title">Resumen del pedido</h2>
      <dl className="summary-list">
        <dt>Paquete</dt>
        <dd>{pkg.name}</dd>
        <dt>Cantidad</dt>
        <dd>
          {pkg.quantity} {pkg.quantity === 1 ? 'número' : 'números'}
        </dd>
        <dt>Precio unitario</dt>
        <dd>{formatUsd(unitPrice(pkg))}</dd>
        {pkg.resellerCode && (
          <>
            <dt>Código de referido</dt>
            <dd data-testid="summary-reseller">{pkg.resellerCode}</dd>
          </>
        )}
        <dt className="summary-total">Total</dt>
        <dd className="summary-total" data-testid="summary-total">
          {formatUsd(pkg.price)}
        </dd>
      </dl>
    </section>
  );
}
