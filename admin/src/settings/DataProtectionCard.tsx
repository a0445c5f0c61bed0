// Ajustes → Protección de datos: who buyers write to about their personal data (the
// privacy e-mail and the data-protection delegate, from the `organizer` block) and how
// long their data is kept after the draw (the `privacy` block). Both are published in the
// privacy notice; a change there creates its next version. The server validates them.
import { Box } from '@mui/material';
import { SettingsCard } from './SettingsCard';
import { NumberInput, TextInput, useTranslate } from 'react-admin';

/** An emptied field means "none": sent as '' (react-admin would send null). */
const asText = (value: string | null | undefined) => value ?? '';

export function DataProtectionCard() {
  const translate = useTranslate();
  const t = (key: string) => translate(`vag.dataProtection.${key}`);
  return (
    <SettingsCard testId="data-protection" title={t('title')} hint={t('hint')}>
      <TextInput
        source="organizer.privacyEmail"
        parse={asText}
        label={t('privacyEmail')}
        helperText={t('privacyEmailHelp')}
        type="email"
        fullWidth
      />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          columnGap: 2,
        }}
      >
        <TextInput source="organizer.dpoName" parse={asText} label={t('dpoName')} fullWidth />
        <TextInput
          source="organizer.dpoEmail"
          parse={asText}
          label={t('dpoEmail')}
          type="email"
          fullWidth
        />
        <NumberInput
          source="privacy.retentionMonths"
          label={t('retentionMonths')}
          helperText={t('retentionHelp')}
          min={1}
          step={1}
          fullWidth
        />
        <NumberInput
          source="privacy.winnerRetentionMonths"
          label={t('winnerRetentionMonths')}
          helperText={t('winnerRetentionHelp')}
          min={1}
          step={1}
          fullWidth
        />
      </Box>
    </SettingsCard>
  );
}
