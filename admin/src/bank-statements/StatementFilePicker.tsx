// Step 1: which of Ajustes' bank accounts the statement is from, and the file.
import { Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import type { BankAccount } from '@vag/contracts';
import { useTranslate } from 'react-admin';

export const STATEMENT_TYPES =
  '.csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Props {
  accounts: BankAccount[];
  account: number | '';
  onAccount: (account: number) => void;
  file: File | null;
  onFile: (file: File) => void;
  busy: boolean;
  onPreview: () => void;
}

export function StatementFilePicker(props: Props) {
  const { accounts, account, onAccount, file, onFile, busy, onPreview } = props;
  const translate = useTranslate();
  const t = (key: string) => translate(`vag.bankStatements.${key}`);
  if (accounts.length === 0)
    return <Typography color="text.secondary">{t('noAccounts')}</Typography>;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={t('bankAccount')}
        value={account}
        onChange={(e) => onAccount(Number(e.target.value))}
        sx={{ minWidth: 260, flex: '1 1 260px' }}
      >
        {accounts.map((a, i) => (
          <MenuItem key={`${a.bank}-${a.number}`} value={i}>
            {a.bank} · {a.type} · {a.number}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flex: '1 1 260px', minWidth: 0 }}>
        {/* Our own button for the hidden input: the browser's speaks the browser's language. */}
        <Button variant="outlined" component="label">
          {t('chooseFile')}
          <input
            hidden
            type="file"
            accept={STATEMENT_TYPES}
            aria-label={t('file')}
            onChange={(e) => {
              const chosen = e.target.files?.[0];
              if (chosen) onFile(chosen);
              e.target.value = '';
            }}
          />
        </Button>
        <Typography variant="body2" noWrap title={file?.name} sx={{ minWidth: 0 }}>
          {file?.name ?? t('noFile')}
        </Typography>
      </Box>
      <Button variant="contained" disabled={busy || !file || account === ''} onClick={onPreview}>
        {busy ? t('previewing') : t('preview')}
      </Button>
    </Box>
  );
}
