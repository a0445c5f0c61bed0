// The "Dejar de recibir noticias" link's page: it withdraws at once by posting the link's
// token (a GET alone changes nothing, so mail scanners that open links do not withdraw).
import type { MsgResponse } from '@vag/contracts';
import { useEffect, useState } from 'react';
import { apiPost, errorMessage } from '../shared/api';

type State = { kind: 'working' } | { kind: 'done'; msg: string } | { kind: 'failed'; msg: string };

export default function Unsubscribe() {
  const [state, setState] = useState<State>({ kind: 'working' });
  useEffect(() => {
    const t = new URLSearchParams(window.location.search).get('t') ?? '';
    apiPost<MsgResponse>('/unsubscribe', { t })
      .then((res) => setState({ kind: 'done', msg: res.msg }))
      .catch((error: unknown) => setState({ kind: 'failed', msg: errorMessage(error) }));
  }, []);
  if (state.kind === 'working')
    return (
      <p className="loading" role="status">
        Procesando tu solicitud…
      </p>
    );
  return (
    <p className={state.kind === 'done' ? 'alert alert-info' : 'alert alert-warn'} role="status">
      {state.msg}
    </p>
  );
}
