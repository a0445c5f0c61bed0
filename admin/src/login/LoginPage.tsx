// /admin/login (SPEC §2): title, subtitle, back link, e-mail and password with show/hide,
// the contracts' validation texts, the failure toast, then back to the page that sent the
// person here. Plain React and one CSS file, outside react-admin and MUI, so signing in
// loads little more than React and the router.
import type { LoginInput } from '@vag/contracts';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router-dom';
import { authProvider } from '../authProvider';
import { ArrowBackIcon, LockIcon } from './icons';
import './login.css';
import { LoginField } from './LoginField';
import { loginText as t } from './loginText';
import { LoginToast } from './LoginToast';
import { PasswordInput } from './PasswordInput';
import { useLoginForm } from './useLoginForm';
import { markSignedIn } from './welcome';

/** The api's message when the sign-in was refused for too many attempts, else null. */
function lockOutMessage(error: unknown): string | null {
  const e = error as { status?: unknown; message?: unknown } | null;
  return e?.status === 429 && typeof e.message === 'string' && e.message ? e.message : null;
}

/** Where react-admin's sign-in redirect came from (its location state), else the dashboard. */
function nextPath(location: Location): string {
  const state = location.state as { nextPathname?: string; nextSearch?: string } | null;
  const from = state?.nextPathname;
  return from && !from.endsWith('/login') ? `${from}${state?.nextSearch ?? ''}` : '/admin/';
}

export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  // The failure the toast shows, counted up while it is on screen, so a second failure
  // shows (and announces) a fresh toast; null once it has gone.
  const [failure, setFailure] = useState<number | null>(null);
  // A lock-out (429) says so and for how long, instead of the usual 'Credenciales…'.
  const [lockedOut, setLockedOut] = useState<string | null>(null);
  const hideToast = useCallback(() => setFailure(null), []);
  const form = useLoginForm(async ({ email, password }: LoginInput) => {
    try {
      await authProvider.login({ email: email.trim().toLowerCase(), password });
    } catch (error) {
      setLockedOut(lockOutMessage(error));
      setFailure((n) => (n ?? 0) + 1);
      return;
    }
    markSignedIn();
    navigate(nextPath(location));
  });

  return (
    <main className="login">
      <div className="login-card">
        <a className="login-back" href="/">
          <ArrowBackIcon />
          {t('back')}
        </a>
        <header className="login-header">
          <div className="login-avatar">
            <LockIcon />
          </div>
          <h1 className="login-title">{t('title')}</h1>
          <p className="login-subtitle">{t('subtitle')}</p>
        </header>
        <form noValidate onSubmit={form.submit} onFocus={form.prepare}>
          <LoginField
            id="login-email"
            type="email"
            label={t('email')}
            autoComplete="email"
            {...form.field('email')}
          />
          <PasswordInput
            id="login-password"
            label={t('password')}
            autoComplete="current-password"
            {...form.field('password')}
          />
          <button type="submit" className="login-submit" disabled={form.busy}>
            {form.busy && <span className="login-spinner" aria-hidden="true" />}
            {t(form.busy ? 'submitting' : 'submit')}
          </button>
        </form>
      </div>
      {failure !== null && (
        <LoginToast
          key={failure}
          title={t('failureTitle')}
          description={lockedOut ?? t('failureDescription')}
          onHide={hideToast}
        />
      )}
    </main>
  );
}
