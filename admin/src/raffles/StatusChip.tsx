// A raffle's status as a coloured chip, in contracts' words.
import { Chip, type ChipProps } from '@mui/material';
import { RAFFLE_STATUS_WORDS, type RaffleStatus } from '@vag/contracts';

const COLOURS: Record<RaffleStatus, ChipProps['color']> = {
  draft: 'default',
  on_sale: 'success',
  closed: 'warning',
  drawn: 'info',
  archived: 'default',
};

export function StatusChip({ status }: { status: RaffleStatus }) {
  return (
    <Chip
      size="small"
      color={COLOURS[status]}
      variant={status === 'archived' ? 'outlined' : 'filled'}
      label={RAFFLE_STATUS_WORDS[status]}
    />
  );
}
