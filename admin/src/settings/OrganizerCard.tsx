// Ajustes → Organizador: who runs the raffles before the law (razón social, RUC,
// address), shown on every raffle's trust page. The RUC is checked as the server checks
// it (13 digits with its check digit); an empty field is simply not shown to buyers.
import { SettingsCard } from './SettingsCard';
import { isRucValid, SETTINGS_MESSAGES } from '@vag/contracts';
import { TextInput, useTranslate } from 'react-admin';

const asText = (value: string | null | undefined) => value ?? '';

function validRuc(value: unknown): string | undefined {
  const ruc = typeof value === 'string' ? value.trim() : '';
  return ruc === '' || isRucValid(ruc) ? undefined : SETTINGS_MESSAGES.rucInvalid;
}

export function OrganizerCard() {
  const translate = useTranslate();
  const t = (key: string) => translate(`vag.trust.organizer.${key}`);
  return (
    <SettingsCard testId="organizer" title={t('title')} hint={t('hint')}>
      <TextInput source="organizer.legalName" parse={asText} label={t('legalName')} fullWidth />
      <TextInput
        source="organizer.ruc"
        parse={asText}
        label={t('ruc')}
        validate={validRuc}
        inputProps={{ inputMode: 'numeric', maxLength: 13 }}
        fullWidth
      />
      <TextInput source="organizer.address" parse={asText} label={t('address')} fullWidth />
    </SettingsCard>
  );
}
