// The report filters of SPEC §2: the raffle, dates, method, reseller code, package type
// and status.
import { Box, MenuItem, TextField } from '@mui/material';
import {
  PACKAGE_TYPES,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  REPORT_STATUS_OPTIONS,
  ALL_RAFFLES,
} from '@vag/contracts';
import { useTranslate } from 'react-admin';
import { DateField } from '../common/DateField';
import { RaffleSelect } from '../common/RaffleSelect';
import type { ReportFilters } from './reportQuery';

interface Props {
  value: ReportFilters;
  onChange: (value: ReportFilters) => void;
  canPickReseller: boolean;
}

export function ReportFilterFields({ value, onChange, canPickReseller }: Props) {
  const translate = useTranslate();
  const t = (key: string) => translate(`vag.reports.${key}`);
  const field = (key: keyof ReportFilters) => ({
    value: value[key] ?? '',
    onChange: (e: { target: { value: string } }) => onChange({ ...value, [key]: e.target.value }),
    size: 'small' as const,
    fullWidth: true,
  });
  const statusLabel = { PAID: t('paid'), PENDING: t('pending'), EXPIRED: t('expired') };
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
      }}
    >
      <RaffleSelect
        value={value.raffleId || ALL_RAFFLES}
        onChange={(raffleId) => onChange({ ...value, raffleId })}
        fullWidth
      />
      <DateField
        label={t('startDate')}
        value={value.startDate ?? ''}
        onChange={(day) => onChange({ ...value, startDate: day })}
        size="small"
        fullWidth
      />
      <DateField
        label={t('endDate')}
        value={value.endDate ?? ''}
        onChange={(day) => onChange({ ...value, endDate: day })}
        size="small"
        fullWidth
      />
      <TextField select label={t('method')} {...field('method')} value={value.method || 'all'}>
        <MenuItem value="all">{t('all')}</MenuItem>
        {PAYMENT_METHODS.map((m) => (
          <MenuItem key={m} value={m}>
            {PAYMENT_METHOD_LABELS[m]}
          </MenuItem>
        ))}
      </TextField>
      {canPickReseller && <TextField label={t('reseller')} {...field('reseller')} />}
      <TextField
        select
        label={t('packageType')}
        {...field('packageType')}
        value={value.packageType || 'all'}
      >
        <MenuItem value="all">{t('all')}</MenuItem>
        {PACKAGE_TYPES.map((p) => (
          <MenuItem key={p} value={p}>
            {t(p)}
          </MenuItem>
        ))}
      </TextField>
      <TextField select label={t('status')} {...field('status')} value={value.status || 'all'}>
        <MenuItem value="all">{t('all')}</MenuItem>
        {REPORT_STATUS_OPTIONS.map((s) => (
          <MenuItem key={s} value={s}>
            {statusLabel[s]}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
