// The 'Rifa' filter of Reportes, the dashboard's sales chart and the purchases history:
// 'Todas las rifas' and each raffle by name (GET /api/admin/reports/raffles, open to
// every staff member, as their reports are).
import { MenuItem, TextField, type SxProps } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { ALL_RAFFLES, type ReportRaffle } from '@vag/contracts';
import { useTranslate } from 'react-admin';
import { useVagApi } from './useVagApi';

/** The raffles staff may narrow a list to, shared by every screen that filters by raffle. */
export function useRaffleChoices(): ReportRaffle[] {
  const api = useVagApi();
  const { data } = useQuery({
    queryKey: ['report-raffles'],
    queryFn: () => api.call<ReportRaffle[]>('GET', '/admin/reports/raffles'),
    staleTime: 60_000,
  });
  return data ?? [];
}

interface Props {
  /** A raffle id, or ALL_RAFFLES. */
  value: string;
  onChange: (raffleId: string) => void;
  fullWidth?: boolean;
  sx?: SxProps;
}

export function RaffleSelect({ value, onChange, fullWidth, sx }: Props) {
  const translate = useTranslate();
  const raffles = useRaffleChoices();
  // A raffle not listed (yet) keeps its id shown rather than an empty select.
  const known = value === ALL_RAFFLES || raffles.some((r) => r.id === value);
  return (
    <TextField
      select
      size="small"
      label={translate('vag.raffleFilter.label')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      fullWidth={fullWidth}
      sx={sx}
    >
      <MenuItem value={ALL_RAFFLES}>{translate('vag.raffleFilter.all')}</MenuItem>
      {raffles.map((r) => (
        <MenuItem key={r.id} value={r.id}>
          {r.name}
        </MenuItem>
      ))}
      {!known && <MenuItem value={value}>{value}</MenuItem>}
    </TextField>
  );
}
