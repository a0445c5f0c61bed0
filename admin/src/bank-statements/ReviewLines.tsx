// The statement lines waiting for a person, each with its reason in Spanish, filtered by
// reason and by import; assigning or setting one aside takes it off the list.
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  BANK_STATEMENT_TEXTS,
  LINE_REASONS,
  formatCount,
  formatDateTime,
  formatUsd,
  type StatementImport,
  type StatementLine,
} from '@vag/contracts';
import { useState } from 'react';
import { Loading, useGetList, useTranslate } from 'react-admin';
import { useVagApi } from '../common/useVagApi';
import { lineDate } from './lineDate';
import { LineActions } from './LineActions';

const PAGE = 25;

function LineCard({ line, onDone }: { line: StatementLine; onDone: () => void }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) =>
    translate(`vag.bankStatements.review.${key}`, options);
  return (
    <Card variant="outlined" data-testid="review-line">
      <CardContent
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) auto' },
          gap: 1,
          alignItems: 'center',
          '&:last-child': { pb: 2 },
        }}
      >
        <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 700 }}>
              {lineDate(line.date)} · {formatUsd(line.amount)}
            </Typography>
            {line.reason && (
              <Chip
                size="small"
                color="warning"
                label={BANK_STATEMENT_TEXTS.reasons[line.reason]}
              />
            )}
          </Box>
          <Typography variant="body2">{line.description}</Typography>
          {line.reference && (
            <Typography variant="body2" color="text.secondary">
              {t('reference')}: {line.reference}
            </Typography>
          )}
          {line.candidates.length > 0 && (
            <Typography variant="body2">
              {t('candidates', {
                codes: line.candidates
                  .map((c) => `${c.orderCode} (${formatUsd(c.totalPrice)})`)
                  .join(', '),
              })}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary">
            {t('line', { row: line.row, file: line.fileName })}
          </Typography>
        </Box>
        <LineActions line={line} onDone={onDone} />
      </CardContent>
    </Card>
  );
}

export function ReviewLines() {
  const translate = useTranslate();
  const t = (key: string) => translate(`vag.bankStatements.review.${key}`);
  const api = useVagApi();
  const [reason, setReason] = useState<string>('');
  const [importId, setImportId] = useState<string>('');
  const [shown, setShown] = useState(PAGE);
  const { data: imports } = useQuery({
    queryKey: ['bank-statement-imports'],
    queryFn: () => api.call<StatementImport[]>('GET', '/admin/bank-statements'),
  });
  const filter: Record<string, string> = { status: 'needs_review' };
  if (reason) filter.reason = reason;
  if (importId) filter.importId = importId;
  const { data, total, isPending, error, refetch } = useGetList<StatementLine>(
    'bank-statement-lines',
    { filter, pagination: { page: 1, perPage: shown }, sort: { field: 'date', order: 'DESC' } },
  );
  const filtered = reason !== '' || importId !== '';

  return (
    <Card sx={{ mb: 2 }} data-testid="review-lines">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {t('title')} {total !== undefined && `(${formatCount(total)})`}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
          <TextField
            select
            size="small"
            label={t('reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            sx={{ flex: '1 1 220px' }}
          >
            <MenuItem value="">{t('allReasons')}</MenuItem>
            {LINE_REASONS.map((r) => (
              <MenuItem key={r} value={r}>
                {BANK_STATEMENT_TEXTS.reasons[r]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('importFilter')}
            value={importId}
            onChange={(e) => setImportId(e.target.value)}
            sx={{ flex: '1 1 220px' }}
          >
            <MenuItem value="">{t('allImports')}</MenuItem>
            {(imports ?? []).map((i) => (
              <MenuItem key={i.id} value={i.id}>
                {i.fileName} · {formatDateTime(i.createdAt)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {isPending ? (
          <Loading />
        ) : error ? (
          <Typography color="error">{t('loadError')}</Typography>
        ) : !data || data.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {t(filtered ? 'emptyFiltered' : 'empty')}
          </Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: 1 }}>
            {data.map((line) => (
              <LineCard key={line.id} line={line} onDone={() => void refetch()} />
            ))}
            {total !== undefined && total > data.length && (
              <Button onClick={() => setShown((n) => n + PAGE)}>{t('more')}</Button>
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
