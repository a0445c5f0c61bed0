// Sorteo Actual: prize and draw name, and the admin's 'Finalizar rifa' / 'Reactivar rifa'.
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { Button, Chip, Skeleton, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Raffle } from '@vag/contracts';
import { useTranslate } from 'react-admin';
import { useToast } from '../common/useToast';
import { useVagApi } from '../common/useVagApi';
import { DashCard } from './DashCard';

export function RaffleCard({ canToggle }: { canToggle: boolean }) {
  const translate = useTranslate();
  const toast = useToast();
  const api = useVagApi();
  const queryClient = useQueryClient();
  const { data: raffle, isPending } = useQuery({
    queryKey: ['lottery'],
    queryFn: () => api.call<Raffle>('GET', '/lottery', undefined, { auth: false }),
  });
  const toggle = useMutation({
    mutationFn: (isActive: boolean) =>
      api.call<{ isActive: boolean }>('PATCH', '/lottery/is-active', { isActive }),
    onSuccess: (answer, isActive) => {
      const active = answer?.isActive ?? isActive;
      toast({
        title: translate('vag.dashboard.statusTitle'),
        description: translate(active ? 'vag.dashboard.reactivated' : 'vag.dashboard.finalized'),
      });
      queryClient.invalidateQueries({ queryKey: ['lottery'] });
    },
    onError: () =>
      toast({
        title: translate('vag.common.errorTitle'),
        description: translate('vag.dashboard.statusError'),
        type: 'error',
      }),
  });

  return (
    <DashCard
      title={translate('vag.dashboard.currentRaffle')}
      icon={<EmojiEventsIcon color="secondary" />}
    >
      {isPending ? (
        <Skeleton height={80} />
      ) : raffle ? (
        <>
          <Typography variant="h6">{raffle.prize}</Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {raffle.name}
          </Typography>
          <Chip
            size="small"
            color={raffle.isActive ? 'success' : 'default'}
            label={translate(raffle.isActive ? 'vag.dashboard.active' : 'vag.dashboard.inactive')}
            sx={{ mr: 1 }}
          />
          {canToggle && (
            <Button
              variant="contained"
              color={raffle.isActive ? 'error' : 'success'}
              size="small"
              disabled={toggle.isPending}
              onClick={() => toggle.mutate(!raffle.isActive)}
            >
              {translate(raffle.isActive ? 'vag.dashboard.finish' : 'vag.dashboard.reactivate')}
            </Button>
          )}
        </>
      ) : (
        <Typography color="error">{translate('vag.common.connection')}</Typography>
      )}
    </DashCard>
  );
}
