// 'Finalizar rifa' / 'Reactivar rifa' (admins): both open or close the sale for every
// visitor, so each asks first; 'Cancelar' leaves the raffle as it is.
import { Button } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { useToast } from '../common/useToast';
import { useVagApi } from '../common/useVagApi';

export function RaffleStatusButton({ isActive }: { isActive: boolean }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`vag.dashboard.${key}`);
  const toast = useToast();
  const api = useVagApi();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  // What the dialog asks stays as it was opened while it fades out after the change.
  const [action, setAction] = useState<'finish' | 'reactivate'>('finish');
  const toggle = useMutation({
    mutationFn: (next: boolean) =>
      api.call<{ isActive: boolean }>('PATCH', '/lottery/is-active', { isActive: next }),
    onSuccess: (answer, next) => {
      const active = answer?.isActive ?? next;
      toast({ title: t('statusTitle'), description: t(active ? 'reactivated' : 'finalized') });
      queryClient.invalidateQueries({ queryKey: ['lottery'] });
    },
    onError: () =>
      toast({
        title: translate('vag.common.errorTitle'),
        description: t('statusError'),
        type: 'error',
      }),
    onSettled: () => setAsking(false),
  });
  return (
    <>
      <Button
        variant="contained"
        color={isActive ? 'error' : 'success'}
        size="small"
        disabled={toggle.isPending}
        onClick={() => {
          setAction(isActive ? 'finish' : 'reactivate');
          setAsking(true);
        }}
      >
        {t(isActive ? 'finish' : 'reactivate')}
      </Button>
      <Confirm
        isOpen={asking}
        loading={toggle.isPending}
        title={t(`${action}ConfirmTitle`)}
        content={t(`${action}ConfirmText`)}
        confirm={t(action)}
        confirmColor={action === 'finish' ? 'warning' : 'primary'}
        cancel={translate('vag.common.cancel')}
        onConfirm={() => toggle.mutate(action === 'reactivate')}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
