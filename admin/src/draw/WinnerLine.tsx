// Who won, as staff read it: the number, the buyer and the order (or that nobody did).
import { Typography } from '@mui/material';
import type { DrawWinner } from '@vag/contracts';
import { useTranslate } from 'react-admin';

export function WinnerLine({
  winningNumber,
  winner,
}: {
  winningNumber: string | null;
  winner: DrawWinner | null;
}) {
  const t = useTranslate();
  if (winningNumber === null)
    return <Typography sx={{ fontWeight: 700 }}>{t('vag.draw.noWinner')}</Typography>;
  return (
    <Typography sx={{ fontWeight: 700 }}>
      {winner
        ? t('vag.draw.winnerWho', {
            number: winningNumber,
            name: winner.buyerName,
            order: winner.orderCode,
          })
        : t('vag.draw.winner', { number: winningNumber })}
    </Typography>
  );
}
