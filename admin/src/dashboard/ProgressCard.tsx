// Porcentaje Vendido: the share of numbers assigned, from the progress call (as staff: a new
// store's featured raffle is a draft until published, and a draft answers only its admin).
import PieChartIcon from '@mui/icons-material/PieChart';
import { LinearProgress, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { formatCount, formatPercent, type Progress } from '@vag/contracts';
import { useTranslate } from 'react-admin';
import { useVagApi } from '../common/useVagApi';
import { DashCard } from './DashCard';

export function ProgressCard() {
  const translate = useTranslate();
  const api = useVagApi();
  const { data, isPending, isError } = useQuery({
    queryKey: ['raffle-progress'],
    queryFn: () => api.call<Progress>('GET', '/raffle/raffle-progress'),
  });
  return (
    <DashCard
      title={translate('vag.dashboard.soldPercentage')}
      icon={<PieChartIcon color="primary" />}
    >
      {isPending ? (
        <Skeleton height={80} />
      ) : isError || !data ? (
        <Typography color="error">{translate('vag.dashboard.progressError')}</Typography>
      ) : (
        <>
          <Typography variant="h4" sx={{ fontWeight: 700 }}>
            {formatPercent(data.percentage)}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={Math.min(100, data.percentage)}
            sx={{ my: 1, height: 8, borderRadius: 4 }}
          />
          <Typography color="text.secondary">
            {translate('vag.dashboard.soldOf', {
              assigned: formatCount(data.assigned),
              total: formatCount(data.total),
            })}
          </Typography>
        </>
      )}
    </DashCard>
  );
}
