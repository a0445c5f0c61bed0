// Sorteo Actual: prize and draw name, whether the store sells, and the admin's
// 'Cerrar venta' / 'Reabrir venta'.
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { Chip, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { Raffle } from '@vag/contracts';
import { useTranslate } from 'react-admin';
import { useVagApi } from '../common/useVagApi';
import { DashCard } from './DashCard';
import { RaffleStatusButton } from './RaffleStatusButton';

export function RaffleCard({ canToggle }: { canToggle: boolean }) {
  const translate = useTranslate();
  const api = useVagApi();
  const { data: raffle, isPending } = useQuery({
    queryKey: ['lottery'],
    queryFn: () => api.call<Raffle>('GET', '/lottery', undefined, { auth: false }),
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
          {canToggle && <RaffleStatusButton />}
        </>
      ) : (
        <Typography color="error">{translate('vag.common.connection')}</Typography>
      )}
    </DashCard>
  );
}
