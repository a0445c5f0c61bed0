// Pagos → Conciliación: import a bank statement (its transfers confirm their orders) and
// settle by hand the lines the matching could not.
import { Box, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { ImportPanel } from './ImportPanel';
import { ReviewLines } from './ReviewLines';

export function BankStatementsPage() {
  const translate = useTranslate();
  const t = (key: string) => translate(`vag.bankStatements.${key}`);
  return (
    <Box sx={{ py: 2, maxWidth: 1100, minWidth: 0 }}>
      <Title title={t('title')} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('intro')}
      </Typography>
      <ImportPanel onImported={() => undefined} />
      <ReviewLines />
    </Box>
  );
}
