import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The raffle numbers granted to the purchase. */
export function NumbersGrid({ numbers }: { numbers: readonly string[] }) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-label={translate('vag.purchase.numbers')}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {translate('vag.purchase.numbers')} ({numbers.length})
      </Typography>
      {numbers.length === 0 ? (
        <Typography color="text.secondary">{translate('vag.purchase.noNumbers')}</Typography>
      ) : (
        <Box
          data-testid="numbers-grid"
          sx={{
            display: 'grid',
            gap: 1,
            gridTemplateColumns: 'repeat(auto-fill, minmax(72px, 1fr))',
          }}
        >
          {numbers.map((n) => (
            <Box
              key={n}
              sx={{
                textAlign: 'center',
                fontFamily: 'monospace',
                fontWeight: 700,
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                borderRadius: 1,
                py: 0.5,
              }}
            >
              {n}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
