// A line's two ways out of review: assign it to an order by its code (the api confirms
// that order like a staff confirmation, or says in Spanish why not), or set it aside with
// a reason. Both are audited by the api.
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
import { assignLineSchema, setAsideLineSchema, type StatementLine } from '@vag/contracts';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { errorMessage, useToast } from '../common/useToast';
import { useVagApi } from '../common/useVagApi';
import { normalOrderCode } from './mapping';

type Mode = 'assign' | 'setAside';
type Checked = { ok: true; body: object } | { ok: false; message: string };

/** The body to send, or the Spanish reason not to send it (the contract's messages first). */
function check(mode: Mode, text: string, badCode: string, shortReason = ''): Checked {
  if (mode === 'setAside') {
    const parsed = setAsideLineSchema.safeParse({ reason: text });
    return parsed.success
      ? { ok: true, body: parsed.data }
      : { ok: false, message: parsed.error.issues[0]?.message ?? badCode };
  }
  const code = normalOrderCode(text);
  const parsed = assignLineSchema.safeParse({
    orderCode: code ?? text,
    ...(shortReason.trim() ? { acceptShortReason: shortReason } : {}),
  });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? badCode };
  return code ? { ok: true, body: parsed.data } : { ok: false, message: badCode };
}

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
  const t = (key: string) => translate(`vag.bankStatements.review.${key}`);
  const api = useVagApi();
  const toast = useToast();
  const [text, setText] = useState('');
  // A short line (SPEC §4, "Short payments"): confirms its order only with a reason.
  const [shortReason, setShortReason] = useState('');
  const short = mode === 'assign' && line.reason === 'amount_less';
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async () => {
    const checked = check(mode, text, t('orderCodeInvalid'), short ? shortReason : '');
    if (!checked.ok) return setProblem(checked.message);
    setProblem(null);
    setSending(true);
    try {
      const action = mode === 'assign' ? 'assign' : 'set-aside';
      const answer = await api.call<{ msg: string }>(
        'POST',
        `/admin/bank-statement-lines/${encodeURIComponent(line.id)}/${action}`,
        checked.body,
      );
      toast({
        title: t(mode === 'assign' ? 'assignedTitle' : 'setAsideDone'),
        description: answer.msg,
      });
      onDone();
    } catch (error) {
      // The api's Spanish answer (no such order, already paid…) stays under the field.
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
          onKeyDown={(e) => {
            if (e.key === 'Enter' && mode === 'assign') void submit();
          }}
          error={problem !== null}
          helperText={problem ?? ' '}
          multiline={mode === 'setAside'}
        />
        {short && (
          <TextField
            fullWidth
            size="small"
            label={t('acceptShortReason')}
            value={shortReason}
            onChange={(e) => setShortReason(e.target.value)}
            helperText={t('acceptShortHint')}
            multiline
          />
        )}
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
