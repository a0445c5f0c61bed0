// The request at /mis-datos: an e-mail, and the same answer whether we hold anything
// about it (the link goes only to that mailbox).
import { MY_DATA_TEXTS } from '@vag/contracts';
import { useRef, useState } from 'react';
import { lookupEmailError } from '../lookup/lookup';
import { apiPost, errorMessage } from '../shared/api';
import { MY_DATA_PATHS } from './my-data';

type State = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' | 'error'; message: string };

export default function MyDataRequest() {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [invalid, setInvalid] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const email = input.current?.value ?? '';
    const problem = lookupEmailError(email);
    setInvalid(problem);
    if (problem) return input.current?.focus();
    setState({ kind: 'sending' });
    try {
      const answer = await apiPost<{ msg?: string }>(MY_DATA_PATHS.request, {
        email: email.trim(),
      });
      setState({ kind: 'sent', message: answer.msg ?? MY_DATA_TEXTS.requested });
    } catch (error) {
      setState({ kind: 'error', message: errorMessage(error) });
    }
  }

  return (
    <>
      <form className="lookup-form" onSubmit={submit} noValidate aria-label="Pedir mis datos">
        <div className="field">
          <label htmlFor="my-data-email">Correo electrónico</label>
          <input
            id="my-data-email"
            className="input"
            type="email"
            autoComplete="email"
            required
            placeholder="tucorreo@ejemplo.com"
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? 'my-data-email-error' : undefined}
            ref={input}
          />
          {invalid && (
            <p className="field-error" id="my-data-email-error">
              {invalid}
            </p>
          )}
        </div>
        <button className="btn btn-brand" type="submit" disabled={state.kind === 'sending'}>
          {state.kind === 'sending' ? 'Enviando...' : 'Enviarme el enlace'}
        </button>
      </form>
      <div aria-live="polite">
        {(state.kind === 'sent' || state.kind === 'error') && (
          <p
            className={state.kind === 'sent' ? 'alert alert-info' : 'alert alert-error'}
            role={state.kind === 'sent' ? 'status' : 'alert'}
            style={{ marginTop: '1rem' }}
          >
            {state.message}
          </p>
        )}
      </div>
    </>
  );
}
