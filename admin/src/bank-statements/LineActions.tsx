// A line's two ways out of review: assign it to an order by its code (the api confirms
// that order as a staff confirmation, or says in Spanish why not), or set it aside with a
// reason. Both are audited by the api.
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { errorMessage, useToast } from '../common/useToast';
import { useVagApi } from '../common/useVagApi';
import { normalOrderCode } from './mapping';
import type { StatementLine } from './types';

const MIN_REASON = 5;

type Mode = 'assign' | 'setAside';

function LineDialog({
  line,
  mode,
  onClose,
  onDone,
}: {
  line: StatementLine;
  mode: Mode;
  onClose: () => void;
  onDone: () => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) =>
    translate(`vag.bankStatements.review.${key}`, options);
  const api = useVagApi();
  const toast = useToast();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const path = `/admin/bank-statement-lines/${encodeURIComponent(line.id)}`;

  const submit = async () => {
    const code = normalOrderCode(text);
    if (mode === 'assign' && !code) return setProblem(t('orderCodeInvalid'));
    if (mode === 'setAside' && text.trim().length < MIN_REASON)
      return setProblem(t('setAsideReasonRequired'));
    setProblem(null);
    setSending(true);
    try {
      if (mode === 'assign') await api.call('POST', `${path}/assign`, { orderCode: code });
      else await api.call('POST', `${path}/set-aside`, { reason: text.trim() });
      toast({ title: mode === 'assign' ? t('assigned', { code }) : t('setAsideDone') });
      onDone();
    } catch (error) {
      // The api's Spanish answer (order not found, amount differs…) stays under the field.
      setProblem(errorMessage(error, translate('vag.common.unknown')));
    } finally {
      setSending(false);
    }
  };

  const title = mode === 'assign' ? t('assignTitle') : t('setAsideTitle');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-label={title}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {line.description} {line.reference}
        </Typography>
        {mode === 'setAside' && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('setAsideHint')}
          </Typography>
        )}
        <TextField
          autoFocus
          fullWidth
          size="small"
          label={mode === 'assign' ? t('orderCode') : t('setAsideReason')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && void submit()}
          error={problem !== null}
          helperText={problem ?? ' '}
          multiline={mode === 'setAside'}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" disabled={sending} onClick={() => void submit()}>
          {mode === 'assign' ? t('assignSubmit') : t('setAsideSubmit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function LineActions({ line, onDone }: { line: StatementLine; onDone: () => void }) {
  const translate = useTranslate();
  const [mode, setMode] = useState<Mode | null>(null);
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button size="small" variant="outlined" onClick={() => setMode('assign')}>
        {translate('vag.bankStatements.review.assign')}
      </Button>
      <Button size="small" color="inherit" onClick={() => setMode('setAside')}>
        {translate('vag.bankStatements.review.setAside')}
      </Button>
      {mode && (
        <LineDialog
          line={line}
          mode={mode}
          onClose={() => setMode(null)}
          onDone={() => {
            setMode(null);
            onDone();
          }}
        />
      )}
    </Box>
  );
}
