// In the transfer review queue: whether an imported bank statement has a line naming this
// order ("Línea del banco encontrada: 27/11 $25,00"), so staff confirm from the bank's
// own record rather than from the buyer's picture.
import { Typography } from '@mui/material';
import { formatUsd, type PurchaseBankLine } from '@vag/contracts';
import { useTranslate } from 'react-admin';
import { lineDate } from './lineDate';

export function BankLineNote({
  bankLine,
  variant = 'body1',
}: {
  bankLine: PurchaseBankLine | undefined;
  variant?: 'body1' | 'caption';
}) {
  const translate = useTranslate();
  return bankLine ? (
    <Typography
      variant={variant}
      color="success.main"
      data-testid="bank-line"
      sx={{ fontWeight: 600 }}
    >
      {translate('vag.bankStatements.bankLine.found', {
        date: lineDate(bankLine.date, { year: false }),
        amount: formatUsd(bankLine.amount),
      })}
    </Typography>
  ) : (
    <Typography variant={variant} color="text.secondary" data-testid="bank-line">
      {translate('vag.bankStatements.bankLine.none')}
    </Typography>
  );
}
