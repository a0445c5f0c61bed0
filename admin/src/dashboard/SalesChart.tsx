// Numbers sold per day, stacked by payment method (GET /api/admin/sales-chart).
import ShowChartIcon from '@mui/icons-material/ShowChart';
import { Box, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { PAYMENT_METHODS, formatCount, type SalesChart as SalesChartData } from '@vag/contracts';
import { useTranslate } from 'react-admin';
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

export function SalesChart() {
  const translate = useTranslate();
  const api = useVagApi();
  const { data, isPending, isError } = useQuery({
    queryKey: ['sales-chart'],
    queryFn: () => api.call<SalesChartData>('GET', '/admin/sales-chart'),
  });
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
