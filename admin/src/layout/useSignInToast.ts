// SPEC's 'Inicio de sesión exitoso' toast, shown by the back office when it opens right after
// the sign-in screen (which lives outside react-admin's notifications); then, if someone
// failed to sign in to the account since its last session, a warning that says when.
import { formatDateTime } from '@vag/contracts';
import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { useToast } from '../common/useToast';
import { takeFailedAttempts, takeSignedIn } from '../login/welcome';

export function useSignInToast(): void {
  const translate = useTranslate();
  const toast = useToast();
  useEffect(() => {
    if (!takeSignedIn()) return;
    toast({
      title: translate('vag.login.successTitle'),
      description: translate('vag.login.successDescription'),
    });
    const failed = takeFailedAttempts();
    if (failed)
      toast({
        type: 'warning',
        title: translate('vag.login.failedAttemptsTitle'),
        description: translate('vag.login.failedAttemptsDescription', {
          count: failed.count,
          when: formatDateTime(failed.lastAt),
        }),
      });
  }, [toast, translate]);
}
