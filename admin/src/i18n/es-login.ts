// The sign-in's Spanish texts, `vag.login` of es.ts. A module of their own so that the
// sign-in screen, which runs outside react-admin, loads these dozen strings and not the
// whole back office's messages.
import { ERRORS, TOASTS, UI } from '@vag/contracts';

export const loginMessages = {
  title: UI.loginTitle,
  subtitle: UI.loginSubtitle,
  back: 'Volver al inicio',
  email: 'Correo electrónico',
  password: 'Contraseña',
  showPassword: 'Mostrar contraseña',
  hidePassword: 'Ocultar contraseña',
  submit: UI.loginSubmit,
  submitting: UI.loginSubmitting,
  successTitle: TOASTS.loginTitle,
  successDescription: TOASTS.loginDescription,
  failureTitle: ERRORS.loginTitle,
  failureDescription: ERRORS.loginDescription,
  failedAttemptsTitle: 'Intentos fallidos en tu cuenta',
  failedAttemptsDescription:
    '%{count} intento(s) fallido(s) de inicio de sesión desde tu última sesión; el último el %{when}. Si no fuiste tú, cambia tu contraseña.',
};
