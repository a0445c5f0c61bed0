// 'Cerrar venta' / 'Abrir venta' / 'Reabrir venta' (admins). Closing says first what it
// does to the pending orders (they may still be paid until their hold ends); once the sold
// list is published the sale stays closed, so no button is offered.
import { Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { SALE_TEXTS, type SalePhase } from '@vag/contracts';
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { errorMessage, useToast } from '../common/useToast';
import { useVagApi } from '../common/useVagApi';
import { useRefreshSale, useSaleStatus } from '../draw/useSaleStatus';

type Action = 'close' | 'open' | 'reopen';

/** What the admin may do in each phase: nothing once the sold list is public. */
const ACTIONS: Record<SalePhase, Action[]> = {
  'not-ready': ['open'],
  paused: ['open', 'close'],
  open: ['close'],
  closing: ['reopen'],
  closed: [],
  drawn: [],
};

export function RaffleStatusButton() {
  const translate = useTranslate();
  const toast = useToast();
  const api = useVagApi();
  const refresh = useRefreshSale();
  const { data: status } = useSaleStatus();
  // What the dialog asks stays as it was opened while it fades out after the change.
  const [action, setAction] = useState<Action | null>(null);
  const [shown, setShown] = useState<Action>('close');
  const change = useMutation({
    mutationFn: (open: boolean) =>
      api.call<{ isActive: boolean; msg: string }>('PATCH', '/lottery/is-active', {
        isActive: open,
      }),
    onSuccess: async (answer) => {
      toast({ title: translate('vag.dashboard.statusTitle'), description: answer.msg });
      await refresh();
    },
    onError: (error) =>
      toast({
        title: translate('vag.common.errorTitle'),
        description: errorMessage(error, translate('vag.dashboard.statusError')),
        type: 'error',
      }),
    onSettled: () => setAction(null),
  });
  if (!status) return null;
  const label = (a: Action) => SALE_TEXTS[`${a}Sale`];
  const text =
    shown === 'close'
      ? SALE_TEXTS.closeConfirm(status.pendingOrders, status.pendingUntil)
      : SALE_TEXTS.openConfirm;
  return (
    <>
      {ACTIONS[status.phase].map((a) => (
        <Button
          key={a}
          variant="contained"
          color={a === 'close' ? 'warning' : 'success'}
          size="small"
          disabled={change.isPending}
          onClick={() => {
            setShown(a);
            setAction(a);
          }}
          sx={{ mr: 1, mt: 1 }}
        >
          {label(a)}
        </Button>
      ))}
      <Confirm
        isOpen={action !== null}
        loading={change.isPending}
        title={`¿${label(shown)}?`}
        content={text}
        confirm={label(shown)}
        confirmColor={shown === 'close' ? 'warning' : 'primary'}
        cancel={translate('vag.common.cancel')}
        onConfirm={() => change.mutate(shown !== 'close')}
        onClose={() => setAction(null)}
      />
    </>
  );
}
