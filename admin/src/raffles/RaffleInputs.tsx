// The raffle's fields: what its own page in the store shows (the former Sección Hero) and
// what the sale needs. While the address has not been typed by hand it follows the name.
// Once published, the number count (and the address its links use) can no longer change.
import { Box, Typography } from '@mui/material';
import { RAFFLE_TEXTS, rafflePath, safeImageSrc, slugFromName } from '@vag/contracts';
import { useEffect, useRef } from 'react';
import { NumberInput, TextInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { DateInput } from '../common/DateInput';
import { NumberModeInput } from './NumberModeInput';

function ImagePreview() {
  const translate = useTranslate();
  // Only an http(s) URL or a path on our site is previewed, never javascript: or data:.
  const url = safeImageSrc(useWatch({ name: 'imageUrl' }) as string | undefined);
  if (!url) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="caption" color="text.secondary">
        {translate('vag.common.preview')}
      </Typography>
      <Box
        component="img"
        src={url}
        alt={translate('vag.common.preview')}
        sx={{ display: 'block', maxWidth: '100%', maxHeight: 220, borderRadius: 2 }}
      />
    </Box>
  );
}

/** Keeps the address equal to the name's slug until the operator types another one. */
function SlugFollowsName() {
  const { getValues, setValue } = useFormContext();
  const name = useWatch({ name: 'name' }) as string | undefined;
  const lastAuto = useRef<string>(slugFromName(String(getValues('name') ?? '')));
  useEffect(() => {
    const slug = String(getValues('slug') ?? '');
    const auto = slugFromName(name ?? '');
    if (slug === '' || slug === lastAuto.current) setValue('slug', auto, { shouldDirty: true });
    lastAuto.current = auto;
  }, [name, getValues, setValue]);
  return null;
}

function SlugInput({ locked }: { locked: boolean }) {
  const translate = useTranslate();
  const slug = useWatch({ name: 'slug' }) as string | undefined;
  return (
    <TextInput
      source="slug"
      label={translate('vag.raffles.slug')}
      helperText={translate(locked ? 'vag.raffles.slugLocked' : 'vag.raffles.slugHelp', {
        path: slug ? rafflePath(slug) : rafflePath('').concat('…'),
      })}
      disabled={locked}
      fullWidth
    />
  );
}

export function RaffleInputs({ published }: { published: boolean }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`vag.raffles.${key}`);
  return (
    <>
      {!published && <SlugFollowsName />}
      <TextInput source="name" label={t('name')} fullWidth />
      <SlugInput locked={published} />
      <TextInput source="prize" label={t('prize')} fullWidth />
      <TextInput source="imageUrl" label={t('imageUrl')} fullWidth />
      <ImagePreview />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <NumberInput
          source="pricePerNumber"
          label={t('pricePerNumber')}
          min={0}
          step={0.01}
          sx={{ flex: '1 1 180px' }}
        />
        <NumberInput
          source="totalNumbers"
          label={t('totalNumbers')}
          min={1}
          step={1}
          disabled={published}
          helperText={published ? RAFFLE_TEXTS.numbersLocked : false}
          sx={{ flex: '1 1 180px' }}
        />
      </Box>
      <NumberModeInput locked={published} />
      <DateInput source="endDate" label={t('endDate')} />
      <TextInput source="description" label={t('description')} multiline minRows={3} fullWidth />
    </>
  );
}
