// Configuración: General, Redes Sociales, bank transfers (accounts, WhatsApp, hold and
// reminder, resellers' permission), e-mail and SMS, the API keys card (hidden until
// shown) and Avanzado (the database connection). The api sends secrets masked; sending a
// masked value back keeps the stored secret. The server validates every field and answers
// Spanish messages.
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BANK_ACCOUNT_TYPES, type Settings } from '@vag/contracts';
import { useState, type ReactNode } from 'react';
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

export function SettingsPage() {
  const translate = useTranslate();
  const toast = useToast();
  const api = useVagApi();
  const queryClient = useQueryClient();
  const [showKeys, setShowKeys] = useState(false);
  const { data, isPending } = useQuery({
    queryKey: ['settings'],
    queryFn: () => api.call<Settings>('GET', '/settings'),
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
    } catch (error) {
      toast({
        title: translate('vag.settings.saveError'),
        description: errorMessage(error, ''),
        type: 'error',
      });
    }
  };

  if (isPending) return <Loading />;
  const t = (key: string) => translate(`vag.settings.${key}`);
  return (
    <Box sx={{ py: 2, maxWidth: 820 }}>
      <Title title={t('title')} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {t('title')}
      </Typography>
      <Form noValidate record={data ?? {}} onSubmit={save}>
        <Section title={t('general')}>
          <TextInput source="email" parse={asText} label={t('email')} fullWidth />
          <TextInput source="contactNumber" parse={asText} label={t('contactNumber')} fullWidth />
        </Section>
        <Section title={t('social')}>
          <TextInput source="socialMedia.facebook" parse={asText} label={t('facebook')} fullWidth />
          <TextInput
            source="socialMedia.instagram"
            parse={asText}
            label={t('instagram')}
            fullWidth
          />
          <TextInput source="socialMedia.tiktok" parse={asText} label={t('tiktok')} fullWidth />
        </Section>
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
          <TextInput source="whatsappNumber" parse={asText} label={t('whatsappNumber')} fullWidth />
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
        <OrganizerCard />
        <PurchaseLimitsCard />
        <ImportKeyCard />
        <DataProtectionCard />
        <WhatsappCard />
        <InvoicingCard />
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
        {/* Technical: only whoever runs the servers needs it. */}
        <Section title={t('advanced')}>
          <TextInput
            source="mongoDBConnection"
            parse={asText}
            label={t('mongoDBConnection')}
            fullWidth
          />
        </Section>
        <SaveButton label={t('save')} alwaysEnable />
      </Form>
    </Box>
  );
}
