// 'Mostrando x-y de n compras' with SPEC §9's page buttons (ellipses beyond seven pages).
import { Box, Button, Typography } from '@mui/material';
import { ELLIPSIS, formatCount } from '@vag/contracts';
import { useListContext, useTranslate } from 'react-admin';
import { pageRange } from './pageRange';

export function PurchasePagination() {
  const translate = useTranslate();
  const { page, perPage, total = 0, setPage, isPending } = useListContext();
  if (isPending || total === 0) return null;
  const range = pageRange(page, perPage, total);
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        flexWrap: 'wrap',
        gap: 1,
        p: 2,
      }}
    >
      <Typography variant="body2" color="text.secondary" data-testid="purchases-range">
        {translate('vag.purchases.showing', {
          from: formatCount(range.from),
          to: formatCount(range.to),
          total: formatCount(range.total),
        })}
      </Typography>
      <Box component="nav" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          {translate('vag.purchases.previous')}
        </Button>
        {range.items.map((item, i) =>
          item === ELLIPSIS ? (
            <Box key={`e${i}`} component="span" sx={{ px: 1, alignSelf: 'center' }}>
              {ELLIPSIS}
            </Box>
          ) : (
            <Button
              key={item}
              size="small"
              variant={item === page ? 'contained' : 'text'}
              aria-current={item === page ? 'page' : undefined}
              onClick={() => setPage(item)}
              sx={{ minWidth: 36 }}
            >
              {item}
            </Button>
          ),
        )}
        <Button size="small" disabled={page >= range.totalPages} onClick={() => setPage(page + 1)}>
          {translate('vag.purchases.next')}
        </Button>
      </Box>
    </Box>
  );
}
