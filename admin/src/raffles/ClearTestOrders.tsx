// 'Borrar pedidos de prueba' (replaces 'Borrar todo'): only a draft's orders, made to try
// the raffle before it is published, behind the typed BORRAR. A published raffle's sales
// are never deleted (the api refuses too).
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { RAFFLE_TEXTS, type StaffRaffle } from '@vag/contracts';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { TypedConfirm } from '../common/TypedConfirm';
import { errorMessage, useToast } from '../common/useToast';
import { useVagApi } from '../common/useVagApi';
import { rafflePathOf, useRefreshRaffles } from './useRaffles';

export function ClearTestOrders({ raffle }: { raffle: StaffRaffle }) {
  const translate = useTranslate();
  const t = (key: string, args?: object) => translate(`vag.raffles.${key}`, args);
  const toast = useToast();
  const api = useVagApi();
  const refresh = useRefreshRaffles();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const answer = await api.call<{ msg?: string }>(
        'POST',
        `${rafflePathOf(raffle._id)}/clear-test-orders`,
        { confirm: RAFFLE_TEXTS.clearConfirmWord },
      );
      toast({ title: answer?.msg ?? t('clearTitle') });
      setOpen(false);
      await refresh();
    } catch (error) {
      toast({
        title: t('clearError'),
        description: errorMessage(error, translate('vag.common.connection')),
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      component="section"
      aria-labelledby="danger-zone-title"
      sx={{ mt: 4, maxWidth: 760, border: 1, borderColor: 'error.main' }}
    >
      <CardContent>
        <Typography
          id="danger-zone-title"
          variant="subtitle1"
          component="h2"
          color="error"
          sx={{ fontWeight: 700, display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}
        >
          <WarningAmberIcon />
          {translate('vag.dashboard.dangerZone')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography color="text.secondary" sx={{ flex: '1 1 280px' }}>
            {t('clearHint')}
          </Typography>
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteSweepIcon />}
            onClick={() => setOpen(true)}
          >
            {t('clearTitle')}
          </Button>
        </Box>
      </CardContent>
      <TypedConfirm
        open={open}
        title={t('clearDialogTitle', { name: raffle.name })}
        lines={[t('clearWhat'), t('clearKeeps')]}
        word={RAFFLE_TEXTS.clearConfirmWord}
        confirmLabel={t('clearTitle')}
        busy={busy}
        onConfirm={run}
        onClose={() => setOpen(false)}
      />
    </Card>
  );
}
