// The file's first rows as the bank wrote them, each column headed by what it is read as,
// and the same rows as the import will read them (a row it cannot read says why).
import {
  Box,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatUsd, type ColumnMapping, type PreviewLine } from '@vag/contracts';
import { useTranslate } from 'react-admin';
import { lineDate } from './lineDate';
import { columnRoles } from './mapping';

const SCROLL = { overflowX: 'auto', maxWidth: '100%', mb: 2 } as const;
const CELL = { whiteSpace: 'nowrap', maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis' };

export function RawRows({ rows, mapping }: { rows: string[][]; mapping: ColumnMapping }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`vag.bankStatements.${key}`);
  const roles = columnRoles(mapping);
  const width = Math.max(0, ...rows.map((r) => r.length));
  return (
    <Box sx={SCROLL}>
      <Typography variant="subtitle2" component="h3">
        {t('rawRows')}
      </Typography>
      <Table size="small" aria-label={t('rawRows')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('row')}</TableCell>
            {Array.from({ length: width }, (_, i) => (
              <TableCell key={i}>
                {(roles.get(i) ?? []).map((field) => (
                  <Chip key={field} size="small" color="primary" label={t(`fields.${field}`)} />
                ))}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, r) => (
            <TableRow key={r} selected={r === mapping.headerRow}>
              <TableCell>{r + 1}</TableCell>
              {Array.from({ length: width }, (_, i) => (
                <TableCell key={i} sx={CELL} title={row[i]}>
                  {row[i] ?? ''}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export function ReadLines({ lines }: { lines: PreviewLine[] }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`vag.bankStatements.${key}`);
  return (
    <Box sx={SCROLL}>
      <Typography variant="subtitle2" component="h3">
        {t('readAs')}
      </Typography>
      <Table size="small" aria-label={t('readAs')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('row')}</TableCell>
            <TableCell>{t('fields.date')}</TableCell>
            <TableCell>{t('fields.description')}</TableCell>
            <TableCell>{t('fields.reference')}</TableCell>
            <TableCell align="right">{t('review.amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.row}>
              <TableCell>{line.row}</TableCell>
              {line.error ? (
                <TableCell colSpan={4} sx={{ color: 'error.main' }}>
                  {line.error}
                </TableCell>
              ) : (
                <>
                  <TableCell sx={CELL}>{line.date ? lineDate(line.date) : ''}</TableCell>
                  <TableCell sx={CELL} title={line.description}>
                    {line.description}
                  </TableCell>
                  <TableCell sx={CELL}>{line.reference}</TableCell>
                  <TableCell align="right">
                    {line.amount === null ? '' : formatUsd(line.amount)}
                  </TableCell>
                </>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
