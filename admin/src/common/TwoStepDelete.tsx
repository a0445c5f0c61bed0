// SPEC's two-step delete: the trash icon turns into 'Confirmar' / 'Cancelar'.
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

interface Props {
  onConfirm: () => Promise<void> | void;
  disabled?: boolean;
  label?: string;
}

export function TwoStepDelete({ onConfirm, disabled, label }: Props) {
  const translate = useTranslate();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const deleteLabel = label ?? translate('vag.common.delete');
  if (!asking) {
    return (
      <Tooltip title={deleteLabel}>
        <span>
          <IconButton
            aria-label={deleteLabel}
            color="error"
            disabled={disabled}
            onClick={() => setAsking(true)}
          >
            <DeleteIcon />
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Box sx={{ display: 'inline-flex', gap: 1 }}>
      <Button
        size="small"
        color="error"
        variant="contained"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await onConfirm();
          } finally {
            setBusy(false);
            setAsking(false);
          }
        }}
      >
        {translate('vag.common.confirm')}
      </Button>
      <Button size="small" onClick={() => setAsking(false)} disabled={busy}>
        {translate('vag.common.cancel')}
      </Button>
    </Box>
  );
}
