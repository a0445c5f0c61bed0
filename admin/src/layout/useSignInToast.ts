// SPEC's 'Inicio de sesión exitoso' toast, shown by the back office when it opens right after
// the sign-in screen (which lives outside react-admin's notifications).
import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { useToast } from '../common/useToast';
import { takeSignedIn } from '../login/welcome';

export function useSignInToast(): void {
  const translate = useTranslate();
  const toast = useToast();
  useEffect(() => {
    if (!takeSignedIn()) return;
    toast({
      title: translate('vag.login.successTitle'),
      description: translate('vag.login.successDescription'),
    });
  }, [toast, translate]);
}
