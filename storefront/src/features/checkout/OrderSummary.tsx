// The order summary card of the checkout. A reseller code is shown only when the server
// knows it as an active reseller's; otherwise the sale goes 'Directo'.
import { formatCount, formatUsd, unitPrice, type SelectedPackage } from '@vag/contracts';
import { useEffect, useState } from 'react';
import { apiGet } from '../shared/api';

function useVerifiedCode(code: string | null | undefined): string | null | undefined {
  const [verified, setVerified] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (!code) return setVerified(null);
    apiGet<{ code: string | null }>(`/referral/${encodeURIComponent(code)}`).then(
      (answer) => setVerified(answer.code),
      () => setVerified(code),
    );
  }, [code]);
  return verified;
}

export function OrderSummary({ pkg }: { pkg: SelectedPackage }) {
  const verified = useVerifiedCode(pkg.resellerCode);
  return (
    <section className="card" aria-labelledby="summary-title">
      <h2 id="summary-title">Resumen del pedido</h2>
      <dl className="summary-list">
        <dt>Paquete</dt>
        <dd>{pkg.name}</dd>
        <dt>Cantidad</dt>
        <dd>
          {formatCount(pkg.quantity)} {pkg.quantity === 1 ? 'número' : 'números'}
        </dd>
        <dt>Precio unitario</dt>
        <dd>{formatUsd(unitPrice(pkg))}</dd>
        {pkg.resellerCode && verified !== undefined && (
          <>
            <dt>Código de referido</dt>
            <dd data-testid="summary-reseller">{verified ?? 'Directo'}</dd>
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
