// A confirmation for what cannot be undone: it says exactly what happens and enables its
// button only once the word asked for is typed.
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

export function TypedConfirm({
  open,
  title,
  lines,
  word,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  lines: readonly string[];
  word: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [typed, setTyped] = useState('');
  const close = () => {
    setTyped('');
    onClose();
  };
  const matches = typed.trim() === word;
  return (
    <Dialog open={open} onClose={busy ? undefined : close} maxWidth="sm" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {lines.map((line) => (
          <DialogContentText key={line} sx={{ mb: 1 }}>
            {line}
          </DialogContentText>
        ))}
        <TextField
          autoFocus
          fullWidth
          sx={{ mt: 1 }}
          label={translate('vag.common.typeToConfirm', { word })}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {translate('vag.common.cancel')}
        </Button>
        <Button color="error" variant="contained" disabled={!matches || busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
