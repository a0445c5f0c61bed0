// Purchase lookup island (SPEC §2, anchor #lookup): an e-mail, then each purchase with
// its status and numbers.
import {
  ERRORS,
  formatDateTime,
  formatUsd,
  PAYMENT_METHOD_LABELS,
  UI,
  type PurchaseLookup,
} from '@vag/contracts';
import { useEffect, useRef, useState } from 'react';
import { apiGet, ApiError } from '../shared/api';
import { lookupEmailError, lookupPath, purchasesFromResponse, purchaseStatusLabel } from './lookup';

type State =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'done'; purchases: PurchaseLookup[] };

export default function Lookup() {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [invalid, setInvalid] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  // Before hydration the form still works as a plain GET (?email=…#lookup): search it.
  useEffect(() => {
    const fromUrl = new URLSearchParams(window.location.search).get('email');
    if (fromUrl && input.current) {
      input.current.value = fromUrl;
      void run(fromUrl);
    }
  }, []);

  function search(event: React.FormEvent) {
    event.preventDefault();
    const email = input.current?.value ?? '';
    const problem = lookupEmailError(email);
    setInvalid(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    void run(email);
  }

  async function run(email: string) {
    if (!email.trim()) return;
    setState({ kind: 'loading' });
    try {
      const purchases = purchasesFromResponse(await apiGet<unknown>(lookupPath(email)));
      setState({ kind: 'done', purchases });
    } catch (error) {
      // A 404 means "no purchases" for this e-mail, not a failure.
      if (error instanceof ApiError && error.status === 404)
        setState({ kind: 'done', purchases: [] });
      else
        setState({
          kind: 'error',
          message: error instanceof Error && error.message ? error.message : ERRORS.lookupFallback,
        });
    }
  }

  return (
    <>
      <form
        className="lookup-form"
        onSubmit={search}
        action="/#lookup"
        method="get"
        role="search"
        aria-label="Consultar compras por e-mail"
        noValidate
      >
        <div className="field">
          <label htmlFor="lookup-email">Correo electrónico</label>
          <input
            id="lookup-email"
            className="input"
            type="email"
            autoComplete="email"
            required
            name="email"
            placeholder="tucorreo@ejemplo.com"
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? 'lookup-email-error' : undefined}
            ref={input}
          />
          {invalid && (
            <p className="field-error" id="lookup-email-error">
              {invalid}
            </p>
          )}
        </div>
        <button className="btn btn-brand" type="submit" disabled={state.kind === 'loading'}>
          {state.kind === 'loading' ? 'Buscando...' : 'Buscar'}
        </button>
      </form>
      <div aria-live="polite">
        {state.kind === 'error' && (
          <p
            className="alert alert-error"
            role="alert"
            style={{ maxWidth: 560, margin: '1rem auto' }}
          >
            {state.message}
          </p>
        )}
        {state.kind === 'done' && state.purchases.length === 0 && (
          <p className="alert alert-info" style={{ maxWidth: 560, margin: '1rem auto' }}>
            {UI.lookupEmpty}
          </p>
        )}
        {state.kind === 'done' && state.purchases.length > 0 && (
          <ul className="lookup-results" style={{ listStyle: 'none', padding: 0 }}>
            {state.purchases.map((purchase, i) => (
              <li key={`${purchase.createdAt}-${i}`} className="card" data-testid="lookup-result">
                <p
                  style={{
                    margin: 0,
                    display: 'flex',
                    flexWrap: 'wrap',
                    gap: '0.5rem',
                    justifyContent: 'space-between',
                  }}
                >
                  <strong>
                    {purchase.quantity} {purchase.quantity === 1 ? 'número' : 'números'} ·{' '}
                    {formatUsd(purchase.totalPrice)}
                  </strong>
                  <span
                    className={
                      purchase.status === 'COMPLETED' ? 'status status-completed' : 'status'
                    }
                  >
                    {purchaseStatusLabel(purchase.status)}
                  </span>
                </p>
                <p className="muted" style={{ margin: '0.25rem 0 0' }}>
                  {formatDateTime(purchase.createdAt)} ·{' '}
                  {PAYMENT_METHOD_LABELS[purchase.paymentMethod] ?? purchase.paymentMethod}
                </p>
                {purchase.assignedNumbers.length > 0 ? (
                  <ul className="numbers" aria-label="Números asignados">
                    {purchase.assignedNumbers.map((n) => (
                      <li key={n}>{n}</li>
                    ))}
                  </ul>
                ) : (
                  <p className="muted" style={{ margin: '0.5rem 0 0' }}>
                    Tus números se asignarán cuando se confirme el pago.
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
