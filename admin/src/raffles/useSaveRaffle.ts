// Saves the raffle form: checks it with the contracts' rules first (each field gets its
// message, nothing is sent), then sends it; the api's `msg` is the toast, and its refusals
// (a taken address, an end date past) land on their fields as well as in the toast.
import type { StaffRaffle } from '@vag/contracts';
import { HttpError, useTranslate } from 'react-admin';
import type { FormErrors } from '../common/zodValidate';
import { errorMessage, useToast } from '../common/useToast';
import { useVagApi } from '../common/useVagApi';
import { formToFields, type RaffleFormValues } from './raffleForm';
import { useRefreshRaffles } from './useRaffles';

type Saved = StaffRaffle & { msg?: string };

export function useSaveRaffle() {
  const translate = useTranslate();
  const toast = useToast();
  const api = useVagApi();
  const refresh = useRefreshRaffles();

  return async (
    values: RaffleFormValues,
    {
      method,
      path,
      checkFuture,
      extra = {},
      onSaved,
    }: {
      method: 'POST' | 'PUT';
      path: string;
      checkFuture: boolean;
      extra?: Record<string, unknown>;
      onSaved: (raffle: Saved) => void;
    },
  ): Promise<FormErrors | undefined> => {
    const check = formToFields(values, { checkFuture });
    if (!check.ok) {
      toast({ title: translate('vag.raffles.saveError'), type: 'error' });
      return check.errors;
    }
    try {
      const saved = await api.call<Saved>(method, path, { ...check.fields, ...extra });
      toast({ title: saved?.msg ?? translate('vag.raffles.title') });
      await refresh();
      onSaved(saved);
      return undefined;
    } catch (error) {
      toast({
        title: translate('vag.raffles.saveError'),
        description: errorMessage(error, translate('vag.common.connection')),
        type: 'error',
      });
      const body = error instanceof HttpError ? (error.body as { errors?: FormErrors }) : null;
      return body?.errors;
    }
  };
}
