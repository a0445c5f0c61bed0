// Step 3: what the import did, in counts the staff act on (refunds and lines to review
// first in colour).
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { formatCount, type StatementImport } from '@vag/contracts';
import { useTranslate } from 'react-admin';

const COUNTS = [
  ['confirmed', 'success.main'],
  ['lateConfirmed', 'success.main'],
  ['refundsDue', 'error.main'],
  ['needsReview', 'warning.main'],
  ['duplicates', 'text.secondary'],
  ['lines', 'text.secondary'],
  ['credits', 'text.secondary'],
] as const;

export function ImportSummary({
  summary,
  onAgain,
}: {
  summary: StatementImport;
  onAgain: () => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`vag.bankStatements.${key}`, options);
  return (
    <Box data-testid="import-summary">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {t('summary.title', { file: summary.fileName })}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
          gap: 1,
          m: 0,
        }}
      >
        {COUNTS.map(([key, color]) => (
          <Card key={key} variant="outlined">
            <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t(`summary.${key}`)}
              </Typography>
              <Typography
                component="dd"
                variant="h5"
                sx={{ m: 0, fontWeight: 700, color }}
                data-testid={`summary-${key}`}
              >
                {formatCount(summary[key])}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
      <Button sx={{ mt: 2 }} onClick={onAgain}>
        {t('again')}
      </Button>
    </Box>
  );
}
