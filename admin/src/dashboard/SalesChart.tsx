// Numbers sold per day, stacked by payment method, of one raffle or of all (GET
// /api/admin/sales-chart?raffleId=), with the total sold under it.
import ShowChartIcon from '@mui/icons-material/ShowChart';
import { Box, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  ALL_RAFFLES,
  PAYMENT_METHODS,
  formatCount,
  formatUsd,
  type SalesChart as SalesChartData,
} from '@vag/contracts';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { RaffleSelect } from '../common/RaffleSelect';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useVagApi } from '../common/useVagApi';
import { DashCard } from './DashCard';
import { chartDayLabel } from './chartDay';

const COLORS: Record<string, string> = {
  paypal: '#1d4ed8',
  card: '#7c3aed',
  bank_transfer: '#059669',
  mobile: '#f59e0b',
};

/** What the days add up to: numbers sold and dollars paid. */
function totalsOf(days: SalesChartData['days']): { tickets: number; amount: number } {
  const cents = days.reduce((sum, d) => sum + Math.round(d.amount * 100), 0);
  return { tickets: days.reduce((sum, d) => sum + d.total, 0), amount: cents / 100 };
}

export function SalesChart() {
  const translate = useTranslate();
  const api = useVagApi();
  const [raffleId, setRaffleId] = useState<string>(ALL_RAFFLES);
  const query = raffleId === ALL_RAFFLES ? '' : `?raffleId=${encodeURIComponent(raffleId)}`;
  const { data, isPending, isError } = useQuery({
    queryKey: ['sales-chart', raffleId],
    queryFn: () => api.call<SalesChartData>('GET', `/admin/sales-chart${query}`),
  });
  const totals = totalsOf(data?.days ?? []);
  const points = (data?.days ?? []).map((d) => ({
    ...d.byMethod,
    total: d.total,
    label: chartDayLabel(d.day),
  }));
  return (
    <DashCard
      title={translate('vag.dashboard.salesChart')}
      icon={<ShowChartIcon color="primary" />}
    >
      <RaffleSelect
        value={raffleId}
        onChange={setRaffleId}
        sx={{ width: { xs: '100%', sm: 280 }, mb: 1.5 }}
      />
      {!isPending && !isError && (
        <Typography color="text.secondary" sx={{ mb: 1 }} data-testid="sales-chart-total">
          {translate('vag.dashboard.salesTotal', {
            tickets: formatCount(totals.tickets),
            amount: formatUsd(totals.amount),
          })}
        </Typography>
      )}
      {isPending ? (
        <Skeleton variant="rectangular" height={260} />
      ) : isError ? (
        <Typography color="error">{translate('vag.common.connection')}</Typography>
      ) : points.length === 0 ? (
        <Typography color="text.secondary">{translate('vag.dashboard.salesChartEmpty')}</Typography>
      ) : (
        <Box
          sx={{ width: '100%', height: 280 }}
          role="img"
          aria-label={translate('vag.dashboard.salesChart')}
        >
          <ResponsiveContainer>
            <BarChart data={points} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="label" />
              <YAxis allowDecimals={false} tickFormatter={formatCount} />
              <Tooltip formatter={(value) => formatCount(Number(value))} />
              <Legend />
              {PAYMENT_METHODS.map((method) => (
                <Bar
                  key={method}
                  dataKey={method}
                  stackId="sold"
                  name={translate(`vag.methods.${method}`)}
                  fill={COLORS[method]}
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </Box>
      )}
    </DashCard>
  );
}
