// /mis-datos/acceso: the e-mailed link's page. The token is exchanged once for a short
// session (an httpOnly cookie) and removed from the address bar; then the buyer
// downloads their data, corrects their contact data, withdraws marketing consent or,
// after a confirmation step, deletes their data. A used or expired link says so.
import { MY_DATA_TEXTS as T, type ContactCorrection } from '@vag/contracts';
import { useEffect, useRef, useState } from 'react';
import { ApiError, apiGet, apiPatch, apiPost, errorMessage } from '../shared/api';
import {
  CONTACT_FIELDS,
  MY_DATA_PATHS,
  tokenFromUrl,
  validateContact,
  type ContactErrors,
} from './my-data';

type State =
  | { kind: 'opening' }
  | { kind: 'refused'; message: string }
  | { kind: 'ready'; email: string; contact: ContactCorrection | null }
  | { kind: 'deleted' };

const EMPTY: ContactCorrection = {
  firstName: '',
  lastName: '',
  phone: '',
  province: '',
  city: '',
  address: '',
};

export default function MyDataPanel() {
  const [state, setState] = useState<State>({ kind: 'opening' });
  const opened = useRef(false);

  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    const token = tokenFromUrl(window.location.search);
    // The token is spent now: it leaves the address bar (and the history) at once.
    window.history.replaceState(null, '', window.location.pathname);
    void open(token);
  }, []);

  async function open(token: string | null) {
    try {
      if (token) await apiPost(MY_DATA_PATHS.session, { token });
      const { email, contact } = await apiGet<{ email: string; contact: ContactCorrection | null }>(
        MY_DATA_PATHS.contact,
      );
      setState({ kind: 'ready', email, contact });
    } catch (error) {
      setState({ kind: 'refused', message: token ? errorMessage(error) : T.linkInvalid });
    }
  }

  if (state.kind === 'opening') return <p className="loading">Abriendo tus datos...</p>;
  if (state.kind === 'refused')
    return (
      <div className="card">
        <p className="alert alert-error" role="alert">
          {state.message}
        </p>
        <p>
          <a className="btn btn-brand" href="/mis-datos">
            Pedir un enlace nuevo
          </a>
        </p>
      </div>
    );
  if (state.kind === 'deleted')
    return (
      <div className="card">
        <h2>Datos eliminados</h2>
        <p className="alert alert-info" role="status">
          {T.deleted}
        </p>
      </div>
    );
  return (
    <div className="my-data" style={{ display: 'grid', gap: '1rem' }}>
      <p>
        Datos de <strong style={{ overflowWrap: 'anywhere' }}>{state.email}</strong>. Tu acceso dura
        30 minutos.
      </p>
      <Downloads />
      <ContactForm initial={state.contact} />
      <MarketingWithdrawal />
      <Deletion
        onDeleted={() => {
          setState({ kind: 'deleted' });
          // The page is much shorter now: the answer must not sit above the visitor's view.
          window.scrollTo({ top: 0 });
        }}
      />
    </div>
  );
}

function Downloads() {
  return (
    <section className="card" aria-labelledby="my-data-download">
      <h2 id="my-data-download">Descargar mis datos</h2>
      <p className="muted">
        Todo lo que guardamos sobre ti: tus compras, números, mensajes y solicitudes.
      </p>
      <p style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem' }}>
        <a className="btn btn-brand" href={MY_DATA_PATHS.pdf} download="mis-datos.pdf">
          Descargar PDF
        </a>
        <a className="btn btn-outline" href={MY_DATA_PATHS.json} download="mis-datos.json">
          Descargar JSON
        </a>
      </p>
    </section>
  );
}

type Outcome = { ok: boolean; message: string } | null;

function OutcomeLine({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <p
      className={outcome.ok ? 'alert alert-info' : 'alert alert-error'}
      role={outcome.ok ? 'status' : 'alert'}
    >
      {outcome.message}
    </p>
  );
}

function ContactForm({ initial }: { initial: ContactCorrection | null }) {
  const [values, setValues] = useState<ContactCorrection>(initial ?? EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const found = validateContact(values);
    setErrors(found);
    setOutcome(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const answer = await apiPatch<{ msg: string }>(MY_DATA_PATHS.data, values);
      setOutcome({ ok: true, message: answer.msg });
    } catch (error) {
      const body =
        error instanceof ApiError ? (error.body as { errors?: ContactErrors } | null) : null;
      if (body?.errors) setErrors(body.errors);
      setOutcome({ ok: false, message: errorMessage(error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="card" aria-labelledby="my-data-contact">
      <h2 id="my-data-contact">Corregir mis datos de contacto</h2>
      <form onSubmit={submit} noValidate>
        {CONTACT_FIELDS.map(({ field, label, autoComplete }) => (
          <div className="field" key={field}>
            <label htmlFor={`my-data-${field}`}>{label}</label>
            <input
              id={`my-data-${field}`}
              className="input"
              autoComplete={autoComplete}
              value={values[field]}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={errors[field] ? `my-data-${field}-error` : undefined}
              onChange={(e) => {
                setValues({ ...values, [field]: e.target.value });
                setErrors({ ...errors, [field]: undefined });
              }}
            />
            {errors[field] && (
              <p className="field-error" id={`my-data-${field}-error`}>
                {errors[field]}
              </p>
            )}
          </div>
        ))}
        <button className="btn btn-brand" type="submit" disabled={saving}>
          {saving ? 'Guardando...' : 'Guardar cambios'}
        </button>
      </form>
      <OutcomeLine outcome={outcome} />
    </section>
  );
}

function MarketingWithdrawal() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  async function withdraw() {
    try {
      const answer = await apiPost<{ msg: string }>(MY_DATA_PATHS.marketing, {});
      setOutcome({ ok: true, message: answer.msg });
    } catch (error) {
      setOutcome({ ok: false, message: errorMessage(error) });
    }
  }
  return (
    <section className="card" aria-labelledby="my-data-marketing">
      <h2 id="my-data-marketing">Novedades de próximas rifas</h2>
      <p className="muted">Si aceptaste recibir novedades, puedes dejar de recibirlas aquí.</p>
      <button className="btn btn-outline" type="button" onClick={() => void withdraw()}>
        No quiero recibir novedades
      </button>
      <OutcomeLine outcome={outcome} />
    </section>
  );
}

function Deletion({ onDeleted }: { onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  async function confirm() {
    try {
      await apiPost(MY_DATA_PATHS.deletion, { confirm: true });
      onDeleted();
    } catch (error) {
      setOutcome({ ok: false, message: errorMessage(error) });
    }
  }
  return (
    <section className="card" aria-labelledby="my-data-deletion">
      <h2 id="my-data-deletion">Eliminar mis datos</h2>
      <p>{T.deletionExplained}</p>
      {confirming ? (
        <div
          role="group"
          aria-label="Confirmar eliminación"
          style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem' }}
        >
          <button className="btn btn-brand" type="button" onClick={() => void confirm()}>
            Sí, eliminar mis datos
          </button>
          <button className="btn btn-outline" type="button" onClick={() => setConfirming(false)}>
            Cancelar
          </button>
        </div>
      ) : (
        <button className="btn btn-outline" type="button" onClick={() => setConfirming(true)}>
          Quiero eliminar mis datos
        </button>
      )}
      <OutcomeLine outcome={outcome} />
    </section>
  );
}
