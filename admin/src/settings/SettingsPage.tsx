// Configuración (SPEC Configuración): one section at a time, chosen from tabs that name
// them (the address keeps it: /admin/settings?seccion=pagos): General (contact, social
// networks, the organizer), Pagos (bank transfers, the import key, the providers' keys,
// hidden until shown), Límites de compra, Mensajes (e-mail and SMS, WhatsApp), Facturación
// electrónica and Datos personales (data protection, the database connection). Each
// section has its own save button named after it; leaving a section or the page with
// unsaved changes asks first (unsaved.tsx). The api sends secrets masked; sending a masked
// value back keeps the stored secret. The server validates every field in Spanish.
import { Box, Button, Card, CardContent, Tab, Tabs, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BANK_ACCOUNT_TYPES, type Settings } from '@vag/contracts';
import { useState, type ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import {
  ArrayInput,
  BooleanInput,
  Form,
  Loading,
  NumberInput,
  ResourceContextProvider,
  SaveButton,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  Title,
  useTranslate,
} from 'react-admin';
import { errorMessage, useToast } from '../common/useToast';
import { useVagApi } from '../common/useVagApi';
import { ImportKeyCard } from '../bank-statements/ImportKeyCard';
import { DataProtectionCard } from './DataProtectionCard';
import { OrganizerCard } from './OrganizerCard';
import { PurchaseLimitsCard } from './PurchaseLimitsCard';
import { WhatsappCard } from '../whatsapp/WhatsappCard';
import { InvoicingCard } from '../invoicing/InvoicingCard';
import { UnsavedChanges, useReportUnsaved } from './unsaved';

function Section({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

const KEYS = [
  'stripeSecretKey',
  'stripePublishableKey',
  'stripeWebhookSecret',
  'paypalClientId',
  'paypalSecret',
  'payphoneToken',
  'payphoneStoreId',
] as const;
const MESSAGING = [
  'smtpUrl',
  'mailFrom',
  'twilioAccountSid',
  'twilioAuthToken',
  'twilioFrom',
] as const;

/** Each bank account is its own block of full-width fields: no value is ever cut off. */
const ACCOUNT_ROW = {
  '& .RaSimpleFormIterator-line': { borderBottom: 1, borderColor: 'divider', pb: 1, mb: 1 },
};

/**
 * react-admin turns an emptied field into null, which the server refuses: an emptied
 * field means "no value" (e.g. PayPal credentials removed), so it is sent as ''.
 */
const asText = (value: string | null | undefined) => value ?? '';

export const SETTINGS_SECTIONS = [
  'general',
  'pagos',
  'compras',
  'mensajes',
  'facturacion',
  'datos',
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/** The sections whose fields are the settings document's (one form, one save). */
const FORM_SECTIONS = new Set<SettingsSection>([
  'general',
  'pagos',
  'compras',
  'mensajes',
  'datos',
]);

/** Tells Ajustes whether the section's form holds typed values not saved yet. */
function FormUnsaved() {
  // The fields changed, as react-admin's own unsaved-changes warning reads them: the form's
  // isDirty stays false while react-admin keeps its record as the default values.
  const { dirtyFields } = useFormState();
  useReportUnsaved('settings-form', Object.keys(dirtyFields).length > 0);
  return null;
}

export function SettingsPage() {
  const translate = useTranslate();
  const toast = useToast();
  const api = useVagApi();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const asked = params.get('seccion') as SettingsSection | null;
  const section: SettingsSection = asked && SETTINGS_SECTIONS.includes(asked) ? asked : 'general';
  // A save remounts the section's form on the saved record: nothing left to ask about.
  const [saves, setSaves] = useState(0);
  const { data, isPending } = useQuery({
    queryKey: ['settings'],
    queryFn: () => api.call<Settings>('GET', '/settings'),
    // Coming back from the file chooser or another window must not reload what is typed.
    refetchOnWindowFocus: false,
  });

  const save = async (values: Record<string, unknown>) => {
    const { _id, id: _ignored, ...rest } = values as Record<string, unknown> & { _id?: string };
    try {
      await api.call(
        'PUT',
        `/settings/${encodeURIComponent(String(_id ?? data?._id ?? ''))}`,
        rest,
      );
      toast({ title: translate('vag.settings.saved') });
      await queryClient.invalidateQueries({ queryKey: ['settings'] });
      setSaves((n) => n + 1);
    } catch (error) {
      toast({
        title: translate('vag.settings.saveError'),
        description: errorMessage(error, ''),
        type: 'error',
      });
    }
  };

  if (isPending) return <Loading />;
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`vag.settings.${key}`, options);
  const name = (key: SettingsSection) => t(`sections.${key}`);
  return (
    <Box sx={{ py: 2, maxWidth: 980 }}>
      <Title title={t('title')} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('title')}
      </Typography>
      <UnsavedChanges section={name(section)}>
        {(guard, dirty) => (
          <>
            <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
              <Tabs
                value={section}
                onChange={(_, next: SettingsSection) =>
                  guard(() => setParams({ seccion: next }, { replace: false }))
                }
                variant="scrollable"
                scrollButtons="auto"
                allowScrollButtonsMobile
                aria-label={t('sectionsLabel')}
              >
                {SETTINGS_SECTIONS.map((key) => (
                  <Tab
                    key={key}
                    value={key}
                    label={
                      key === section && dirty ? `${name(key)} (${t('unsavedMark')})` : name(key)
                    }
                    data-testid={`settings-tab-${key}`}
                    sx={{ textTransform: 'none', fontWeight: 600 }}
                  />
                ))}
              </Tabs>
            </Box>
            {FORM_SECTIONS.has(section) && (
              <Form
                key={`${section}-${saves}`}
                noValidate
                record={data ?? {}}
                // A reload of the record keeps what was typed and not saved.
                resetOptions={{ keepDirtyValues: true }}
                onSubmit={save}
              >
                <FormUnsaved />
                <FormSection section={section} />
                <SaveButton
                  label={t('saveSection', { section: name(section) })}
                  alwaysEnable
                  sx={{ mb: 3 }}
                />
              </Form>
            )}
            {/* Cards with their own save, outside the form: Enter in them sends only them. */}
            {section === 'pagos' && <ImportKeyCard />}
            {section === 'mensajes' && <WhatsappCard />}
            {section === 'facturacion' && <InvoicingCard />}
          </>
        )}
      </UnsavedChanges>
    </Box>
  );
}

/** The settings document's fields of one section. */
function FormSection({ section }: { section: SettingsSection }) {
  const translate = useTranslate();
  const [showKeys, setShowKeys] = useState(false);
  const t = (key: string) => translate(`vag.settings.${key}`);
  switch (section) {
    case 'general':
      return (
        <>
          <Section title={t('general')}>
            <TextInput source="email" parse={asText} label={t('email')} fullWidth />
            <TextInput source="contactNumber" parse={asText} label={t('contactNumber')} fullWidth />
          </Section>
          <Section title={t('social')}>
            <TextInput
              source="socialMedia.facebook"
              parse={asText}
              label={t('facebook')}
              fullWidth
            />
            <TextInput
              source="socialMedia.instagram"
              parse={asText}
              label={t('instagram')}
              fullWidth
            />
            <TextInput source="socialMedia.tiktok" parse={asText} label={t('tiktok')} fullWidth />
          </Section>
          <OrganizerCard />
        </>
      );
    case 'pagos':
      return (
        <>
          <Section title={t('transfers')}>
            {/* SimpleFormIterator needs a resource; this screen is a custom route. */}
            <ResourceContextProvider value="settings">
              <ArrayInput source="bankAccounts" label={t('bankAccounts')}>
                <SimpleFormIterator fullWidth disableReordering sx={ACCOUNT_ROW}>
                  <TextInput source="bank" label={t('bank')} fullWidth />
                  <SelectInput
                    source="type"
                    label={t('accountType')}
                    choices={BANK_ACCOUNT_TYPES.map((type) => ({ id: type, name: type }))}
                    fullWidth
                  />
                  <TextInput source="number" label={t('accountNumber')} fullWidth />
                  <TextInput source="holder" label={t('holder')} fullWidth />
                  <TextInput source="holderId" label={t('holderId')} fullWidth />
                </SimpleFormIterator>
              </ArrayInput>
            </ResourceContextProvider>
            <TextInput
              source="whatsappNumber"
              parse={asText}
              label={t('whatsappNumber')}
              fullWidth
            />
            <Box
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                columnGap: 2,
                '& .ra-input': { width: { xs: '100%', sm: 300 }, maxWidth: '100%' },
              }}
            >
              <NumberInput source="transferHoldHours" label={t('transferHoldHours')} />
              <NumberInput source="reminderLeadHours" label={t('reminderLeadHours')} />
            </Box>
            <BooleanInput source="resellersCanConfirm" label={t('resellersCanConfirm')} />
          </Section>
          <Section
            title={t('apiKeys')}
            action={
              <Button onClick={() => setShowKeys((v) => !v)}>
                {t(showKeys ? 'hideKeys' : 'showKeys')}
              </Button>
            }
          >
            {showKeys ? (
              <>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {t('maskedHint')}
                </Typography>
                {KEYS.map((key) => (
                  <TextInput
                    key={key}
                    source={`payment.${key}`}
                    parse={asText}
                    label={t(key)}
                    fullWidth
                  />
                ))}
                <SelectInput
                  source="payment.paypalMode"
                  label={t('paypalMode')}
                  choices={[
                    { id: 'sandbox', name: t('sandbox') },
                    { id: 'live', name: t('live') },
                  ]}
                />
              </>
            ) : null}
          </Section>
        </>
      );
    case 'compras':
      return <PurchaseLimitsCard />;
    case 'mensajes':
      return (
        <Section title={t('messaging')}>
          {MESSAGING.map((key) => (
            <TextInput
              key={key}
              source={`messaging.${key}`}
              parse={asText}
              label={t(key)}
              fullWidth
            />
          ))}
        </Section>
      );
    case 'datos':
      return (
        <>
          <DataProtectionCard />
          {/* Technical: only whoever runs the servers needs it. */}
          <Section title={t('advanced')}>
            <TextInput
              source="mongoDBConnection"
              parse={asText}
              label={t('mongoDBConnection')}
              fullWidth
            />
          </Section>
        </>
      );
    default:
      return null;
  }
}
