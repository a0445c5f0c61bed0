// Sends a form's values to the api after checking them with their contracts schema: the
// first Spanish message of a failed check, or the api's own answer, becomes the toast.
import type { z } from 'zod';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { errorMessage, useToast } from '../common/useToast';
import { useScopedPath } from '../common/raffleScope';
import { useVagApi } from '../common/useVagApi';
import { useRefreshSale } from './useSaleStatus';

export function useSubmit<T extends z.ZodType>(
  schema: T,
  method: string,
  path: string,
  failureKey: string,
) {
  const translate = useTranslate();
  const toast = useToast();
  const api = useVagApi();
  const refresh = useRefreshSale();
  const scoped = useScopedPath();
  const [busy, setBusy] = useState(false);

  const submit = async (values: unknown) => {
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      toast({ title: parsed.error.issues[0]?.message ?? translate(failureKey), type: 'error' });
      return;
    }
    setBusy(true);
    try {
      const answer = await api.call<{ msg?: string }>(method, scoped(path), parsed.data);
      toast({ title: answer?.msg ?? translate('vag.draw.title') });
      await refresh();
    } catch (error) {
      toast({ title: translate(failureKey), description: errorMessage(error, ''), type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { submit, busy };
}
