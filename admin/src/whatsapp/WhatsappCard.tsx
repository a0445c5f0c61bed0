// Ajustes → WhatsApp: the sender registered in Twilio, the approved content template
// (HX…) of each message with the variables it receives, and a test send to a phone.
// The api validates everything and answers in Spanish; the card shows that answer.
import { Alert, Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EMPTY_WHATSAPP_SETTINGS,
  WHATSAPP_MESSAGES,
  WHATSAPP_TEXTS as T,
  WHATSAPP_VARIABLES,
  type WhatsappMessage,
  type WhatsappSettings,
} from '@vag/contracts';
import { useState } from 'react';
import { errorMessage, useToast } from '../common/useToast';
import { useVagApi } from '../common/useVagApi';
import { SettingsCard } from '../settings/SettingsCard';
import { useReportUnsaved } from '../settings/unsaved';

const PATH = '/admin/whatsapp';

export function WhatsappCard() {
  const api = useVagApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: ['whatsapp-settings'],
    queryFn: () => api.call<WhatsappSettings>('GET', PATH),
  });
  const [typed, setValues] = useState<WhatsappSettings | null>(null);
  const values = typed ?? data ?? EMPTY_WHATSAPP_SETTINGS;
  const [problem, setProblem] = useState<string | null>(null);
  const [testMessage, setTestMessage] = useState<WhatsappMessage>('numbers');
  const [testPhone, setTestPhone] = useState('');
  // What is typed stays until saved: a reload of the saved settings (another window, the
  // file chooser) must not wipe it; Ajustes asks before it is left behind.
  useReportUnsaved('whatsapp', typed !== null && JSON.stringify(typed) !== JSON.stringify(data));

  const save = async () => {
    try {
      const answer = await api.call<{ msg: string }>('PUT', PATH, values);
      setProblem(null);
      toast({ title: answer.msg });
      await queryClient.invalidateQueries({ queryKey: ['whatsapp-settings'] });
      setValues(null);
    } catch (error) {
      setProblem(errorMessage(error, T.templateInvalid));
    }
  };
  const sendTest = async () => {
    try {
      const answer = await api.call<{ msg: string }>('POST', `${PATH}/test`, {
        message: testMessage,
        phone: testPhone,
      });
      setProblem(null);
      toast({ title: answer.msg });
    } catch (error) {
      setProblem(errorMessage(error, T.testPhoneInvalid));
    }
  };

  return (
    <SettingsCard testId="whatsapp" title={T.cardTitle} hint={T.cardHint}>
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {problem}
        </Alert>
      )}
      <TextField
        label={T.senderLabel}
        value={values.from}
        onChange={(e) => setValues({ ...values, from: e.target.value })}
        placeholder="+14155238886"
        sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
      />
      {WHATSAPP_MESSAGES.map((message) => (
        <Box key={message} sx={{ mb: 2 }}>
          <TextField
            label={`${T.labels[message]} · ${T.templateLabel}`}
            value={values.templates[message]}
            onChange={(e) =>
              setValues({
                ...values,
                templates: { ...values.templates, [message]: e.target.value },
              })
            }
            placeholder="HX…"
            sx={{ width: { xs: '100%', sm: 480 } }}
            slotProps={{ htmlInput: { 'data-testid': `whatsapp-template-${message}` } }}
          />
          <Typography variant="caption" component="p" color="text.secondary">
            {T.variablesLabel}:{' '}
            {WHATSAPP_VARIABLES[message].map((name, i) => `{{${i + 1}}} ${name}`).join(' · ')}
          </Typography>
        </Box>
      ))}
      <Button variant="contained" onClick={() => void save()} sx={{ mb: 3 }}>
        {T.save}
      </Button>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {T.testTitle}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <TextField
          select
          label={T.testMessageLabel}
          value={testMessage}
          onChange={(e) => setTestMessage(e.target.value as WhatsappMessage)}
          sx={{ width: { xs: '100%', sm: 320 } }}
        >
          {WHATSAPP_MESSAGES.map((m) => (
            <MenuItem key={m} value={m}>
              {T.labels[m]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={T.testPhoneLabel}
          value={testPhone}
          onChange={(e) => setTestPhone(e.target.value)}
          placeholder="0991234567"
          inputMode="tel"
          sx={{ width: { xs: '100%', sm: 240 } }}
        />
        <Button variant="outlined" onClick={() => void sendTest()}>
          {T.testButton}
        </Button>
      </Box>
    </SettingsCard>
  );
}
