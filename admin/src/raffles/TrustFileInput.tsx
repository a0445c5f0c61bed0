// A file field of the Confianza tab: upload (POST /api/admin/trust-files), then the
// form holds the file's id; shows what is there (a thumbnail or a link) with a way to
// remove it. `multiple` holds a list of ids (the prize's photos).
import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, FormHelperText, IconButton, Link, Typography } from '@mui/material';
import {
  isTrustPdf,
  MEDIA_MAX_BYTES,
  RAFFLE_TRUST_TEXTS,
  trustFileUrl,
  type TrustFileUploadResponse,
} from '@vag/contracts';
import { useState, type ChangeEvent } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { errorMessage, useToast } from '../common/useToast';
import { apiFetch } from '../http';
import { API_URL } from '../dataProvider';

const ANY_FILE = 'image/jpeg,image/png,image/webp,application/pdf';
const IMAGES = 'image/jpeg,image/png,image/webp';

async function uploadTrustFile(file: File): Promise<TrustFileUploadResponse> {
  const form = new FormData();
  form.append('file', file);
  const { json } = await apiFetch(`${API_URL}/admin/trust-files`, { method: 'POST', body: form });
  return json as TrustFileUploadResponse;
}

function Stored({ id, label, onRemove }: { id: string; label: string; onRemove: () => void }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      {isTrustPdf(id) ? (
        <Link href={trustFileUrl(id)} target="_blank" rel="noopener">
          {translate('vag.trust.openPdf')}
        </Link>
      ) : (
        <Box
          component="img"
          src={trustFileUrl(id)}
          alt={label}
          sx={{ width: 96, height: 72, objectFit: 'cover', borderRadius: 1 }}
        />
      )}
      <IconButton aria-label={`${translate('vag.trust.remove')}: ${label}`} onClick={onRemove}>
        <DeleteIcon />
      </IconButton>
    </Box>
  );
}

export function TrustFileInput({
  source,
  label,
  multiple = false,
}: {
  source: string;
  label: string;
  multiple?: boolean;
}) {
  const translate = useTranslate();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const { field, fieldState } = useInput({ source });
  const ids: string[] = multiple
    ? ((field.value as string[] | undefined) ?? [])
    : field.value
      ? [field.value as string]
      : [];

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    // Said before uploading, naming the file: the server would only refuse it after the wait.
    const heavy = files.find((file) => file.size > MEDIA_MAX_BYTES);
    if (heavy) {
      toast({
        title: translate('vag.trust.uploadError'),
        description: RAFFLE_TRUST_TEXTS.fileTooLargeNamed(heavy.name, heavy.size),
        type: 'error',
      });
      return;
    }
    setBusy(true);
    try {
      const added: string[] = [];
      for (const file of files) added.push((await uploadTrustFile(file)).id);
      field.onChange(multiple ? [...ids, ...added] : added[0]);
      toast({ title: translate('vag.trust.uploaded') });
    } catch (error) {
      toast({
        title: translate('vag.trust.uploadError'),
        description: errorMessage(error, translate('vag.common.connection')),
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  };

  const remove = (id: string) => field.onChange(multiple ? ids.filter((i) => i !== id) : '');

  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 1 }}>
        {ids.map((id, i) => (
          <Stored
            key={id}
            id={id}
            label={multiple ? `${label} ${i + 1}` : label}
            onRemove={() => remove(id)}
          />
        ))}
      </Box>
      {(multiple || ids.length === 0) && (
        <Button component="label" variant="outlined" startIcon={<UploadIcon />} disabled={busy}>
          {translate(multiple ? 'vag.trust.addPhotos' : 'vag.trust.upload')}
          <input
            type="file"
            hidden
            multiple={multiple}
            accept={multiple ? IMAGES : ANY_FILE}
            onChange={upload}
            aria-label={`${translate('vag.trust.upload')}: ${label}`}
          />
        </Button>
      )}
      {(multiple || ids.length === 0) && (
        <FormHelperText>{RAFFLE_TRUST_TEXTS.fileLimits}</FormHelperText>
      )}
      {fieldState.error?.message && (
        <FormHelperText error>{translate(fieldState.error.message)}</FormHelperText>
      )}
    </Box>
  );
}
