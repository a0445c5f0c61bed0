// Step 2: the guessed (or remembered) mapping in selects the staff can correct: which
// column is each datum, the header row, the date format and the decimal separator.
import { Box, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import {
  BANK_STATEMENT_TEXTS,
  STATEMENT_DATE_FORMATS,
  statementDateFormatSchema,
  type ColumnMapping,
} from '@vag/contracts';
import { MAPPED_FIELDS, withColumn } from './mapping';

const HEADER_ROWS_OFFERED = 10;

interface Props {
  mapping: ColumnMapping;
  /** The column names under the chosen header row. */
  columns: string[];
  rowCount: number;
  onChange: (mapping: ColumnMapping) => void;
}

const FIELD_SX = { flex: '1 1 180px', minWidth: 0 };

export function MappingEditor({ mapping, columns, rowCount, onChange }: Props) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`vag.bankStatements.${key}`, options);
  const columnLabel = (name: string, i: number) =>
    `${t('column', { n: i + 1 })}${name ? `: ${name}` : ''}`;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }} data-testid="statement-mapping">
      {MAPPED_FIELDS.map((field) => (
        <TextField
          key={field}
          select
          size="small"
          label={t(`fields.${field}`)}
          value={mapping[field] ?? ''}
          onChange={(e) => onChange(withColumn(mapping, field, e.target.value))}
          sx={FIELD_SX}
        >
          {field !== 'date' && <MenuItem value="">{t('none')}</MenuItem>}
          {columns.map((name, i) => (
            <MenuItem key={i} value={i}>
              {columnLabel(name, i)}
            </MenuItem>
          ))}
        </TextField>
      ))}
      <TextField
        select
        size="small"
        label={t('headerRow')}
        value={mapping.headerRow}
        onChange={(e) => onChange({ ...mapping, headerRow: Number(e.target.value) })}
        sx={FIELD_SX}
      >
        {Array.from({ length: Math.min(rowCount, HEADER_ROWS_OFFERED) }, (_, i) => (
          <MenuItem key={i} value={i}>
            {t('row')} {i + 1}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('dateFormat')}
        value={mapping.dateFormat}
        onChange={(e) =>
          onChange({ ...mapping, dateFormat: statementDateFormatSchema.parse(e.target.value) })
        }
        sx={FIELD_SX}
      >
        {STATEMENT_DATE_FORMATS.map((format) => (
          <MenuItem key={format} value={format}>
            {BANK_STATEMENT_TEXTS.dateFormats[format]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('decimalSeparator')}
        value={mapping.decimalSeparator}
        onChange={(e) =>
          onChange({ ...mapping, decimalSeparator: e.target.value === '.' ? '.' : ',' })
        }
        sx={FIELD_SX}
      >
        <MenuItem value=",">{t('decimalComma')}</MenuItem>
        <MenuItem value=".">{t('decimalPoint')}</MenuItem>
      </TextField>
    </Box>
  );
}
