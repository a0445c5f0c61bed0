// Premios Instantáneos of one raffle (a tab of its page, SPEC §2): generate the raffle's numbers, delete all prize numbers,
// and two tabs: 'Consultar Premios' and 'Asignar Montos'.
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { Box, Button, Card, Tab, Tabs, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { errorMessage, useToast } from '../common/useToast';
import { useScopedPath } from '../common/raffleScope';
import { useVagApi } from '../common/useVagApi';
import { AssignAmountsForm } from './AssignAmountsForm';
import { PrizeTable } from './PrizeTable';
import { INSTANT_PRIZES_KEY } from './useInstantPrizes';

export function PrizesPage() {
  const translate = useTranslate();
  const toast = useToast();
  const api = useVagApi();
  const scoped = useScopedPath();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState(0);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);

  const run = async (method: string, path: string, failure: string) => {
    setBusy(true);
    try {
      const answer = await api.call<{ msg?: string }>(method, scoped(path));
      toast({ title: answer?.msg ?? translate('vag.prizes.title') });
      await queryClient.invalidateQueries({ queryKey: INSTANT_PRIZES_KEY });
      await queryClient.invalidateQueries({ queryKey: ['raffle-progress'] });
    } catch (error) {
      toast({ title: translate(failure), description: errorMessage(error, ''), type: 'error' });
    } finally {
      setBusy(false);
      setConfirmDelete(false);
    }
  };

  return (
    <Box sx={{ py: 2 }}>
      <Box
        sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}
      >
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {translate('vag.prizes.title')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            startIcon={<PlaylistAddIcon />}
            disabled={busy}
            onClick={() =>
              run('POST', '/raffle/generate-raffle-numbers', 'vag.prizes.generateError')
            }
          >
            {translate('vag.prizes.generate')}
          </Button>
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteSweepIcon />}
            disabled={busy}
            onClick={() => setConfirmDelete(true)}
            title={translate('vag.prizes.deleteTitle')}
          >
            {translate('vag.prizes.deleteAll')}
          </Button>
        </Box>
      </Box>
      <Card>
        <Tabs value={tab} onChange={(_, v: number) => setTab(v)} variant="fullWidth">
          <Tab label={translate('vag.prizes.viewTab')} />
          <Tab label={translate('vag.prizes.assignTab')} />
        </Tabs>
        <Box sx={{ p: 2 }}>
          {tab === 0 ? <PrizeTable /> : <AssignAmountsForm onAssigned={() => setTab(0)} />}
        </Box>
      </Card>
      <Confirm
        isOpen={confirmDelete}
        loading={busy}
        title={translate('vag.prizes.deleteTitle')}
        content={
          <>
            <Typography sx={{ mb: 1 }}>{translate('vag.prizes.deleteConfirm')}</Typography>
            <Typography>{translate('vag.prizes.deleteWhat')}</Typography>
          </>
        }
        confirm={translate('vag.common.confirm')}
        cancel={translate('vag.common.cancel')}
        onConfirm={() => run('DELETE', '/raffle/delete-raffle-numbers', 'vag.prizes.deleteError')}
        onClose={() => setConfirmDelete(false)}
      />
    </Box>
  );
}
