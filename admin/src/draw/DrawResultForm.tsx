// The official Lotería Nacional result, typed from the bulletin once the sale is closed.
// Publishing cannot be undone, so the form first shows what it would publish (the
// winning number, its buyer and order, or that the number was not sold) and asks.
import { Box, Button, TextField } from '@mui/material';
import {
  drawDateInFuture,
  officialResultSchema,
  type DrawPreview,
  type OfficialResult,
} from '@vag/contracts';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { DateField } from '../common/DateField';
import { errorMessage, useToast } from '../common/useToast';
import { useScopedPath } from '../common/raffleScope';
import { useVagApi } from '../common/useVagApi';
import { DrawPreviewDialog } from './DrawPreviewDialog';
import { useSubmit } from './useSubmit';

export function DrawResultForm() {
  const translate = useTranslate();
  const toast = useToast();
  const api = useVagApi();
  const scoped = useScopedPath();
  const [firstPrize, setFirstPrize] = useState('');
  const [drawNumber, setDrawNumber] = useState('');
  const [drawDate, setDrawDate] = useState('');
  const [bulletinUrl, setBulletinUrl] = useState('');
  const [preview, setPreview] = useState<DrawPreview | null>(null);
  const [checking, setChecking] = useState(false);
  const { submit, busy } = useSubmit(
    officialResultSchema,
    'POST',
    '/raffle/draw',
    'vag.draw.resultError',
  );

  const values = () => ({
    firstPrize,
    drawNumber: Number(drawNumber),
    drawDate,
    ...(bulletinUrl.trim() ? { bulletinUrl: bulletinUrl.trim() } : {}),
  });

  /** Checks the form here first (same rules as the server), then asks for the preview. */
  const review = async () => {
    const parsed = officialResultSchema.safeParse(values());
    const problem = parsed.success
      ? drawDateInFuture(parsed.data.drawDate)
      : (parsed.error.issues[0]?.message ?? translate('vag.draw.resultError'));
    if (problem || !parsed.success) {
      toast({ title: problem ?? translate('vag.draw.resultError'), type: 'error' });
      return;
    }
    setChecking(true);
    try {
      setPreview(await api.call<DrawPreview>('POST', scoped('/raffle/draw/preview'), parsed.data));
    } catch (error) {
      toast({
        title: translate('vag.draw.resultError'),
        description: errorMessage(error, ''),
        type: 'error',
      });
    } finally {
      setChecking(false);
    }
  };

  const publish = async (result: OfficialResult) => {
    await submit(result);
    setPreview(null);
  };

  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        label={translate('vag.draw.firstPrize')}
        value={firstPrize}
        onChange={(e) => setFirstPrize(e.target.value)}
      />
      <TextField
        label={translate('vag.draw.drawNumber')}
        value={drawNumber}
        onChange={(e) => setDrawNumber(e.target.value)}
      />
      <DateField label={translate('vag.draw.drawDate')} value={drawDate} onChange={setDrawDate} />
      <TextField
        label={translate('vag.draw.bulletinUrl')}
        value={bulletinUrl}
        onChange={(e) => setBulletinUrl(e.target.value)}
        sx={{ minWidth: 280 }}
      />
      <Button variant="contained" disabled={busy || checking} onClick={review}>
        {translate('vag.draw.recordResult')}
      </Button>
      <DrawPreviewDialog
        preview={preview}
        busy={busy}
        onConfirm={publish}
        onClose={() => setPreview(null)}
      />
    </Box>
  );
}
