// Purchase lookup island (SPEC §2, anchor #lookup). Typing an e-mail sends that mailbox
// the link of each of its orders (the page says the same whatever the e-mail has); the
// e-mail's list link comes back here and shows each purchase with its status and numbers,
// grouped by raffle under the raffle's name (a buyer's purchases of every raffle).
import {
  ERRORS,
  formatDateTime,
  formatUsd,
  LOOKUP_MESSAGES,
  PAYMENT_METHOD_LABELS,
  UI,
  type PurchaseLookup,
} from '@vag/contracts';
import { useEffect, useRef, useState } from 'react';
import { apiGet, apiPost, ApiError } from '../shared/api';
import {
  groupByRaffle,
  LOOKUP_REQUEST_PATH,
  lookupEmailError,
  lookupFromUrl,
  lookupPath,
  purchasesFromResponse,
} from './lookup';

type State =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'sent'; message: string }
  | { kind: 'done'; email: string; purchases: PurchaseLookup[] };

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : ERRORS.lookupFallback;

export default function Lookup() {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [invalid, setInvalid] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  // The e-mail's list link opens the list; an e-mail alone (the form sent before
  // hydration) is only filled in: sending is the visitor's click.
  useEffect(() => {
    const { email, token } = lookupFromUrl(window.location.search);
    if (email && input.current) input.current.value = email;
    if (email && token) void openList(email, token);
  }, []);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const email = input.current?.value ?? '';
    const problem = lookupEmailError(email);
    setInvalid(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    void requestLinks(email.trim());
  }

  async function requestLinks(email: string) {
    setState({ kind: 'loading' });
    try {
      const answer = await apiPost<{ msg?: string }>(LOOKUP_REQUEST_PATH, { email });
      setState({ kind: 'sent', message: answer.msg ?? LOOKUP_MESSAGES.sent(email) });
    } catch (error) {
      setState({ kind: 'error', message: messageOf(error) });
    }
  }

  async function openList(email: string, token: string) {
    setState({ kind: 'loading' });
    try {
      const purchases = purchasesFromResponse(await apiGet<unknown>(lookupPath(email, token)));
      setState({ kind: 'done', email, purchases });
    } catch (error) {
      setState({
        kind: 'error',
        message:
          error instanceof ApiError && error.status === 401
            ? LOOKUP_MESSAGES.linkInvalid
            : messageOf(error),
      });
    }
  }

  return (
    <>
      <form
        className="lookup-form"
        onSubmit={submit}
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
          {state.kind === 'loading' ? 'Enviando...' : 'Enviarme mis pedidos'}
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
        {state.kind === 'sent' && (
          <p
            className="alert alert-info"
            role="status"
            style={{ maxWidth: 560, margin: '1rem auto' }}
          >
            {state.message}
          </p>
        )}
        {state.kind === 'done' && (
          <h3
            style={{ textAlign: 'center', overflowWrap: 'anywhere', margin: '1.5rem auto 0.5rem' }}
          >
            {LOOKUP_MESSAGES.listTitle(state.email)}
          </h3>
        )}
        {state.kind === 'done' && state.purchases.length === 0 && (
          <p className="alert alert-info" style={{ maxWidth: 560, margin: '1rem auto' }}>
            {UI.lookupEmpty}
          </p>
        )}
        {state.kind === 'done' &&
          groupByRaffle(state.purchases).map((group) => (
            <section
              key={group.raffleId}
              className="lookup-raffle"
              aria-labelledby={`lookup-raffle-${group.raffleId}`}
              style={{ maxWidth: 760, margin: '1.5rem auto 0' }}
            >
              <h4
                id={`lookup-raffle-${group.raffleId}`}
                style={{ margin: '0 0 0.75rem', overflowWrap: 'anywhere' }}
              >
                {group.raffleName}
              </h4>
              <ul
                className="lookup-results"
                style={{ listStyle: 'none', padding: 0, marginTop: 0 }}
              >
                {group.purchases.map((purchase, i) => (
                  <PurchaseCard key={`${purchase.createdAt}-${i}`} purchase={purchase} />
                ))}
              </ul>
            </section>
          ))}
      </div>
    </>
  );
}

/** One purchase: numbers and amount, its status, when and how it was paid, its numbers. */
function PurchaseCard({ purchase }: { purchase: PurchaseLookup }) {
  return (
    <li className="card" data-testid="lookup-result">
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
        <span className={purchase.status === 'COMPLETED' ? 'status status-completed' : 'status'}>
          {purchase.statusText}
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
  );
}
