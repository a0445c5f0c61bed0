// In the transfer review queue: whether an imported bank statement has a line naming this
// order ("Línea del banco encontrada: 27/11 $25,00"), so staff confirm from the bank's
// own record rather than from the buyer's picture. A line for another amount than the
// order's total says so.
import { Typography } from '@mui/material';
import { formatUsd, type PurchaseBankLine } from '@vag/contracts';
import { useTranslate } from 'react-admin';
import { lineDate } from './lineDate';

export function BankLineNote({
  bankLine,
  total,
  variant = 'body1',
}: {
  bankLine: PurchaseBankLine | undefined;
  /** The order's total, to flag a line for another amount. */
  total?: number | undefined;
  variant?: 'body1' | 'caption';
}) {
  const translate = useTranslate();
  if (!bankLine)
    return (
      <Typography variant={variant} color="text.secondary" data-testid="bank-line">
        {translate('vag.bankStatements.bankLine.none')}
      </Typography>
    );
  const differs =
    total !== undefined && Math.round(total * 100) !== Math.round(bankLine.amount * 100);
  return (
    <Typography
      variant={variant}
      color={differs ? 'warning.dark' : 'success.main'}
      data-testid="bank-line"
      sx={{ fontWeight: 600, display: 'block' }}
    >
      {translate('vag.bankStatements.bankLine.found', {
        date: lineDate(bankLine.date, { year: false }),
        amount: formatUsd(bankLine.amount),
      })}
      {differs &&
        ` ${translate('vag.bankStatements.bankLine.otherAmount', { total: formatUsd(total) })}`}
    </Typography>
  );
}
