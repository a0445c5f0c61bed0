// Edit one prize's amount and delivered flag (SPEC §5: amount at least 1).
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { instantPrizeUpdateSchema, type InstantPrize } from '@vag/contracts';
import { BooleanInput, Form, NumberInput, SaveButton, useTranslate } from 'react-admin';
import { errorMessage, useToast } from '../common/useToast';
import { useScopedPath } from '../common/raffleScope';
import { useVagApi } from '../common/useVagApi';
import { zodValidate } from '../common/zodValidate';
import { INSTANT_PRIZES_KEY } from './useInstantPrizes';

const validate = zodValidate(instantPrizeUpdateSchema);

export function PrizeUpdateDialog({
  prize,
  onClose,
}: {
  prize: InstantPrize;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const toast = useToast();
  const api = useVagApi();
  const scoped = useScopedPath();
  const queryClient = useQueryClient();

  const save = async (values: Record<string, unknown>) => {
    try {
      await api.call('PUT', scoped(`/raffle/${encodeURIComponent(prize._id)}`), {
        prizeAmount: Number(values.prizeAmount),
        delivered: Boolean(values.delivered),
      });
      toast({ title: translate('vag.prizes.updated') });
      await queryClient.invalidateQueries({ queryKey: INSTANT_PRIZES_KEY });
      onClose();
    } catch (error) {
      toast({
        title: translate('vag.prizes.updateError'),
        description: errorMessage(error, ''),
        type: 'error',
      });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <Form
        noValidate
        record={{ prizeAmount: prize.prizeAmount, delivered: prize.delivered }}
        onSubmit={save}
        validate={validate}
      >
        <DialogTitle>
          {translate('vag.prizes.updateTitle')} · {prize.number}
        </DialogTitle>
        <DialogContent>
          <NumberInput
            source="prizeAmount"
            label={translate('vag.prizes.amount')}
            min={1}
            step={0.01}
            fullWidth
          />
          <BooleanInput source="delivered" label={translate('vag.prizes.delivered')} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('vag.common.cancel')}</Button>
          <SaveButton label={translate('vag.common.save')} alwaysEnable />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
