// The official Lotería Nacional result, typed from the bulletin once the sale is closed.
import { Box, Button, TextField } from '@mui/material';
import { officialResultSchema } from '@vag/contracts';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useSubmit } from './useSubmit';

export function DrawResultForm() {
  const translate = useTranslate();
  const [firstPrize, setFirstPrize] = useState('');
  const [drawNumber, setDrawNumber] = useState('');
  const [drawDate, setDrawDate] = useState('');
  const [bulletinUrl, setBulletinUrl] = useState('');
  const { submit, busy } = useSubmit(
    officialResultSchema,
    'POST',
    '/raffle/draw',
    'vag.draw.resultError',
  );

  const record = () =>
    submit({
      firstPrize,
      drawNumber: Number(drawNumber),
      drawDate,
      ...(bulletinUrl.trim() ? { bulletinUrl: bulletinUrl.trim() } : {}),
    });

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
      <TextField
        label={translate('vag.draw.drawDate')}
        placeholder="AAAA-MM-DD"
        value={drawDate}
        onChange={(e) => setDrawDate(e.target.value)}
      />
      <TextField
        label={translate('vag.draw.bulletinUrl')}
        value={bulletinUrl}
        onChange={(e) => setBulletinUrl(e.target.value)}
        sx={{ minWidth: 280 }}
      />
      <Button variant="contained" disabled={busy} onClick={record}>
        {translate('vag.draw.recordResult')}
      </Button>
    </Box>
  );
}
