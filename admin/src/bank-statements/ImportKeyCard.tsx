// Ajustes → the key a bank's notification or an operator's script sends as X-Import-Key
// to POST /api/bank-statements. The api keeps only its hash: the key is shown once, right
// after it is made, with a copy button; afterwards the card only says it is configured.
// A new key ends the old one at once, so making one asks first.
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { SettingsCard } from '../settings/SettingsCard';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '@vag/contracts';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { errorMessage, useToast } from '../common/useToast';
import { useVagApi } from '../common/useVagApi';

const PATH = '/admin/bank-statements/import-key';

interface KeyState {
  exists: boolean;
  createdAt: string | null;
  createdBy: string | null;
}

export function ImportKeyCard() {
  const translate = useTranslate();
  const t = (key: string) => translate(`vag.bankStatements.importKey.${key}`);
  const api = useVagApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: ['bank-import-key'],
    queryFn: () => api.call<KeyState>('GET', PATH),
  });
  const [asking, setAsking] = useState(false);
  const [shown, setShown] = useState<string | null>(null);

  const generate = async () => {
    setAsking(false);
    try {
      const answer = await api.call<{ key: string; msg: string }>('POST', PATH);
      setShown(answer.key);
      await queryClient.invalidateQueries({ queryKey: ['bank-import-key'] });
    } catch (error) {
      toast({ title: t('error'), description: errorMessage(error, ''), type: 'error' });
    }
  };
  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown);
      toast({ title: t('copied') });
    } catch {
      // The key stays on screen to be copied by hand.
      toast({ title: t('copyError'), type: 'error' });
    }
  };

  return (
    <SettingsCard testId="import-key" title={t('title')} hint={t('hint')}>
      {shown ? (
        <Alert severity="warning" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {t('shownOnce')}
          <Box component="code" sx={{ display: 'block', my: 1, fontSize: '1rem' }}>
            {shown}
          </Box>
          <Button size="small" variant="outlined" onClick={() => void copy()}>
            {t('copy')}
          </Button>
        </Alert>
      ) : (
        <Typography sx={{ mb: 2 }} data-testid="import-key-state">
          {data?.exists
            ? `${t('configured')}${data.createdAt ? ` · ${formatDateTime(data.createdAt)}` : ''}${data.createdBy ? ` · ${data.createdBy}` : ''}`
            : t('notConfigured')}
        </Typography>
      )}
      <Button variant="outlined" onClick={() => (data?.exists ? setAsking(true) : void generate())}>
        {data?.exists ? t('regenerate') : t('generate')}
      </Button>
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby="import-key-confirm">
        <DialogTitle id="import-key-confirm">{t('confirmTitle')}</DialogTitle>
        <DialogContent>
          <Typography>{t('confirmText')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>
            {translate('vag.bankStatements.review.cancel')}
          </Button>
          <Button variant="contained" color="warning" onClick={() => void generate()}>
            {t('confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </SettingsCard>
  );
}
