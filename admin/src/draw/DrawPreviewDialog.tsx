// What recording the result will publish, asked before it is done (it cannot be undone).
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from '@mui/material';
import { formatDate, type DrawPreview, type OfficialResult } from '@vag/contracts';
import { useTranslate } from 'react-admin';
import { WinnerLine } from './WinnerLine';

export function DrawPreviewDialog({
  preview,
  busy,
  onConfirm,
  onClose,
}: {
  preview: DrawPreview | null;
  busy: boolean;
  onConfirm: (result: OfficialResult) => void;
  onClose: () => void;
}) {
  const t = useTranslate();
  return (
    <Dialog open={preview !== null} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('vag.draw.previewTitle')}</DialogTitle>
      {preview && (
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('vag.draw.officialResult', {
              prize: preview.result.firstPrize,
              draw: preview.result.drawNumber,
              date: formatDate(preview.result.drawDate),
            })}
          </Typography>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('vag.draw.drawnNumber', { number: preview.drawnNumber })}
          </Typography>
          <WinnerLine winningNumber={preview.winningNumber} winner={preview.winner} />
          <DialogContentText sx={{ mt: 2 }}>{t('vag.draw.previewWarning')}</DialogContentText>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('vag.common.cancel')}
        </Button>
        <Button
          variant="contained"
          color="warning"
          disabled={busy || !preview}
          onClick={() => preview && onConfirm(preview.result)}
        >
          {t('vag.draw.publishResult')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
