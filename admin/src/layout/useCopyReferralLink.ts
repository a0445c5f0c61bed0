// Copies a reseller's public link (the home page with ?code=) and says so in SPEC's
// 'Código de referido' toast; used by 'Mi Cuenta' and the reseller's guide.
import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { useToast } from '../common/useToast';
import { referralUrl } from './referral';

export function useCopyReferralLink(): (code: string) => Promise<void> {
  const translate = useTranslate();
  const toast = useToast();
  return useCallback(
    async (code: string) => {
      const title = translate('vag.account.referralTitle');
      try {
        await navigator.clipboard.writeText(referralUrl(window.location.origin, code));
        toast({ title, description: translate('vag.account.referralCopied') });
      } catch {
        toast({ title, description: translate('vag.account.referralFailed'), type: 'error' });
      }
    },
    [toast, translate],
  );
}
