// One media slot: preview of /media/{name}, upload (type-checked) and confirmed delete.
import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { BANNER_SLOT, CAROUSEL_SLOTS, mediaUrl, type MediaSlotName } from '@vag/contracts';
import { useState, type ChangeEvent } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { useToast } from '../common/useToast';
import { useVagApi } from '../common/useVagApi';
import { acceptFor, mediaTypeError } from './mediaRules';

export function MediaSlotCard({ slot }: { slot: MediaSlotName }) {
  const translate = useTranslate();
  const toast = useToast();
  const api = useVagApi();
  const [version, setVersion] = useState(() => Date.now());
  const [missing, setMissing] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const title =
    slot === BANNER_SLOT
      ? translate('vag.banners.banner')
      : translate('vag.banners.image', { n: CAROUSEL_SLOTS.indexOf(slot) + 1 });

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refusal = mediaTypeError(slot, file.type);
    if (refusal)
      return toast({
        title: translate('vag.banners.uploadError'),
        description: translate(refusal),
        type: 'error',
      });
    const form = new FormData();
    form.append('file', file);
    form.append('filename', slot);
    setBusy(true);
    try {
      await api.upload(form);
      toast({ title: translate('vag.banners.uploaded') });
      setMissing(false);
      setVersion(Date.now());
    } catch {
      toast({ title: translate('vag.banners.uploadError'), type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    const form = new FormData();
    form.append('action', 'delete');
    form.append('filename', slot);
    setBusy(true);
    try {
      await api.upload(form);
      toast({ title: translate('vag.banners.deleted') });
      setVersion(Date.now());
    } catch {
      toast({ title: translate('vag.banners.deleteError'), type: 'error' });
    } finally {
      setBusy(false);
      setConfirm(false);
    }
  };

  return (
    <Card>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {slot}
        </Typography>
        <Box
          sx={{
            mt: 1,
            height: 180,
            bgcolor: 'grey.100',
            borderRadius: 2,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            overflow: 'hidden',
          }}
        >
          {missing ? (
            <Typography color="text.secondary">{translate('vag.banners.empty')}</Typography>
          ) : (
            <Box
              component="img"
              src={`${mediaUrl(slot)}?v=${version}`}
              alt={title}
              onError={() => setMissing(true)}
              onLoad={() => setMissing(false)}
              sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
            />
          )}
        </Box>
      </CardContent>
      <CardActions>
        <Button component="label" startIcon={<UploadIcon />} disabled={busy}>
          {translate('vag.banners.upload')}
          <input
            type="file"
            hidden
            accept={acceptFor(slot)}
            onChange={upload}
            aria-label={`${translate('vag.banners.upload')} ${slot}`}
          />
        </Button>
        <Button
          color="error"
          startIcon={<DeleteIcon />}
          disabled={busy || missing}
          onClick={() => setConfirm(true)}
        >
          {translate('vag.banners.delete')}
        </Button>
      </CardActions>
      <Confirm
        isOpen={confirm}
        loading={busy}
        title={translate('vag.banners.delete')}
        content={translate('vag.banners.deleteConfirm', { name: slot })}
        confirm={translate('vag.common.confirm')}
        cancel={translate('vag.common.cancel')}
        onConfirm={remove}
        onClose={() => setConfirm(false)}
      />
    </Card>
  );
}
