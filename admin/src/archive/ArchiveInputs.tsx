// Past raffle inputs with the image preview (a broken image clears the preview, SPEC §8).
import { Box } from '@mui/material';
import { useEffect, useState } from 'react';
import { TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DateInput } from '../common/DateInput';

function Preview() {
  const translate = useTranslate();
  const url = useWatch({ name: 'image' }) as string | undefined;
  const [broken, setBroken] = useState(false);
  useEffect(() => setBroken(false), [url]);
  if (!url || broken) return null;
  return (
    <Box
      component="img"
      src={url}
      alt={translate('vag.common.preview')}
      onError={() => setBroken(true)}
      sx={{ maxWidth: '100%', maxHeight: 220, borderRadius: 2, mb: 2 }}
    />
  );
}

export function ArchiveInputs() {
  const translate = useTranslate();
  const t = (key: string) => translate(`vag.archive.${key}`);
  return (
    <>
      <TextInput source="activityName" label={t('activityName')} fullWidth />
      <DateInput source="date" label={t('date')} />
      <TextInput source="prize" label={t('prize')} fullWidth />
      <TextInput source="winner" label={t('winner')} fullWidth />
      <TextInput source="image" label={t('image')} fullWidth />
      <Preview />
      <TextInput source="instagramPostUrl" label={t('instagramPostUrl')} fullWidth />
    </>
  );
}
