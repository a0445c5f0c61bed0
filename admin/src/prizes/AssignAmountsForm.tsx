// 'Asignar Montos': 1–10 amounts (the first row stays), a dismissible warning, submit.
import AddIcon from '@mui/icons-material/Add';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import { Alert, Box, Button, IconButton } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { MAX_PRIZE_AMOUNTS, assignPrizesSchema } from '@vag/contracts';
import { useState } from 'react';
import { Form, NumberInput, SaveButton, useTranslate } from 'react-admin';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { errorMessage, useToast } from '../common/useToast';
import { useScopedPath } from '../common/raffleScope';
import { useVagApi } from '../common/useVagApi';
import { zodValidate } from '../common/zodValidate';
import { INSTANT_PRIZES_KEY } from './useInstantPrizes';

const validate = zodValidate(assignPrizesSchema);
const DEFAULTS = { prizes: [{ amount: 1 }] };

function AmountRows() {
  const translate = useTranslate();
  const toast = useToast();
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: 'prizes' });
  const add = () => {
    if (fields.length >= MAX_PRIZE_AMOUNTS) {
      toast({ title: translate('vag.prizes.limit'), type: 'warning' });
      return;
    }
    append({ amount: 1 });
  };
  return (
    <>
      {fields.map((field, index) => (
        <Box key={field.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <NumberInput
            source={`prizes.${index}.amount`}
            label={translate('vag.prizes.amountRow', { n: index + 1 })}
            min={1}
            step={0.01}
            sx={{ flex: 1 }}
          />
          {index > 0 && (
            <IconButton
              aria-label={translate('vag.prizes.removeAmount')}
              onClick={() => remove(index)}
            >
              <RemoveCircleOutlineIcon />
            </IconButton>
          )}
        </Box>
      ))}
      <Box sx={{ mb: 2 }}>
        <Button startIcon={<AddIcon />} onClick={add}>
          {translate('vag.prizes.addAmount')}
        </Button>
      </Box>
    </>
  );
}

export function AssignAmountsForm({ onAssigned }: { onAssigned: () => void }) {
  const translate = useTranslate();
  const toast = useToast();
  const api = useVagApi();
  const scoped = useScopedPath();
  const queryClient = useQueryClient();
  const [warning, setWarning] = useState(true);

  const submit = async (values: Record<string, unknown>) => {
    const prizes = (values.prizes as { amount: unknown }[]).map((p) => ({
      amount: Number(p.amount),
    }));
    try {
      const answer = await api.call<{ msg?: string }>(
        'POST',
        scoped('/raffle/assign-random-prizes'),
        {
          prizes,
        },
      );
      toast({ title: answer?.msg ?? translate('vag.prizes.title') });
      await queryClient.invalidateQueries({ queryKey: INSTANT_PRIZES_KEY });
      onAssigned();
    } catch (error) {
      toast({
        title: translate('vag.prizes.assignError'),
        description: errorMessage(error, ''),
        type: 'error',
      });
    }
  };

  return (
    <Box sx={{ maxWidth: 520 }}>
      {warning && (
        <Alert
          severity="warning"
          onClose={() => setWarning(false)}
          closeText={translate('vag.common.dismiss')}
          sx={{ mb: 2 }}
        >
          {translate('vag.prizes.warning')}
        </Alert>
      )}
      <Form noValidate defaultValues={DEFAULTS} onSubmit={submit} validate={validate}>
        <AmountRows />
        <Box>
          <SaveButton label={translate('vag.prizes.assign')} alwaysEnable icon={<></>} />
        </Box>
      </Form>
    </Box>
  );
}
