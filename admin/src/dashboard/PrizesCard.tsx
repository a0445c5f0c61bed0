// Premios Instantáneos: delivered of total, and how many are still available.
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import { Skeleton, Typography } from '@mui/material';
import { formatCount } from '@vag/contracts';
import { useTranslate } from 'react-admin';
import { useInstantPrizes } from '../prizes/useInstantPrizes';
import { DashCard } from './DashCard';

export function PrizesCard() {
  const translate = useTranslate();
  const { data, isPending, isError } = useInstantPrizes();
  const delivered = data?.filter((p) => p.delivered).length ?? 0;
  const available = data?.filter((p) => p.status === 'available').length ?? 0;
  return (
    <DashCard
      title={translate('vag.dashboard.instantPrizes')}
      icon={<CardGiftcardIcon color="secondary" />}
    >
      {isPending ? (
        <Skeleton height={80} />
      ) : isError || !data ? (
        <Typography color="error">{translate('vag.dashboard.prizesError')}</Typography>
      ) : (
        <>
          <Typography variant="h4" sx={{ fontWeight: 700 }}>
            {translate('vag.dashboard.delivered', {
              delivered: formatCount(delivered),
              total: formatCount(data.length),
            })}
          </Typography>
          <Typography color="text.secondary">
            {translate('vag.dashboard.available', { available: formatCount(available) })}
          </Typography>
        </>
      )}
    </DashCard>
  );
}
