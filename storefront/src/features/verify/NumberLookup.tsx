// "Consulta un número": available, sold (and on which day, never to whom) or carrying an
// instant prize, as GET /api/raffle/numbers/{number} answers.
import {
  formatDate,
  formatUsd,
  INSTANT_PRIZE_STATE_LABELS,
  numberLookupError,
  type FairnessCommitment,
  type NumberLookup as Lookup,
} from '@vag/contracts';
import { useEffect, useRef, useState } from 'react';
import { apiGet } from '../shared/api';
import { scopedPath, type RaffleRef } from '../shared/raffle-scope';
import { numberPath } from './verify';

type State =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'done'; lookup: Lookup };

export default function NumberLookup({
  size,
  raffleRef = null,
  initialNumber = null,
}: {
  size: FairnessCommitment | null;
  /** The raffle of `?rifa=`; null: the featured raffle. */
  raffleRef?: RaffleRef;
  /** A ticket's first number (`?n=`): looked up as soon as the page opens. */
  initialNumber?: string | null;
}) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [invalid, setInvalid] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!initialNumber || !input.current) return;
    input.current.value = initialNumber;
    void lookUp(initialNumber);
    // Once per number the page was opened with; the raffle comes from the same query.
  }, [initialNumber]);

  async function lookUp(text: string) {
    setState({ kind: 'loading' });
    try {
      setState({
        kind: 'done',
        lookup: await apiGet<Lookup>(scopedPath(raffleRef, numberPath(text))),
      });
    } catch (error) {
      setState({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }

  async function search(event: React.FormEvent) {
    event.preventDefault();
    const text = input.current?.value ?? '';
    // Checked here when the raffle's size is known; the api checks again either way.
    const problem = size
      ? numberLookupError(text, size.totalNumbers, size.numberWidth)
      : text.trim()
        ? null
        : 'Escribe un número de la rifa';
    setInvalid(problem);
    if (problem) {
      setState({ kind: 'idle' });
      input.current?.focus();
      return;
    }
    await lookUp(text);
  }

  return (
    <div className="card verify-card">
      <h2>Consulta un número</h2>
      <form className="lookup-form" onSubmit={search} role="search" noValidate>
        <div className="field">
          <label htmlFor="verify-number">Número de la rifa</label>
          <input
            id="verify-number"
            className="input"
            inputMode="numeric"
            autoComplete="off"
            placeholder={size ? '0'.repeat(size.numberWidth) : '0000'}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? 'verify-number-error' : undefined}
            ref={input}
          />
          {invalid && (
            <p className="field-error" id="verify-number-error">
              {invalid}
            </p>
          )}
        </div>
        <button className="btn btn-brand" type="submit" disabled={state.kind === 'loading'}>
          {state.kind === 'loading' ? 'Buscando...' : 'Consultar'}
        </button>
      </form>
      <div aria-live="polite">
        {state.kind === 'error' && (
          <p className="alert alert-error" role="alert">
            {state.message}
          </p>
        )}
        {state.kind === 'done' && <LookupResult lookup={state.lookup} />}
      </div>
    </div>
  );
}

function LookupResult({ lookup }: { lookup: Lookup }) {
  const sold = lookup.status === 'sold';
  return (
    <div className="verify-result" data-testid="number-result">
      <p className="verify-result-head">
        <span className="verify-number">{lookup.number}</span>
        <span className={sold ? 'status' : 'status status-completed'}>
          {sold ? 'Vendido' : 'Disponible'}
        </span>
      </p>
      {sold && lookup.soldAt && <p>Vendido el {formatDate(lookup.soldAt)}</p>}
      {lookup.prize && (
        <p>
          Premio instantáneo de <strong>{formatUsd(lookup.prize.amount)}</strong>:{' '}
          {INSTANT_PRIZE_STATE_LABELS[lookup.prize.status]}
        </p>
      )}
    </div>
  );
}
