// Ajustes → Facturación electrónica: the operator's data as the SRI knows it, the IVA rate
// their accountant chose, the environment, the certificate (CertificateBlock) and, in plain
// words, what only the operator can do. Off by default; the api validates every field
// (RUC check digit, three-digit codes, a certificate before switching on) in Spanish.
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  MenuItem,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  INVOICE_ENVIRONMENTS,
  TAX_REGIMES,
  type InvoicingSettings,
  type InvoicingSettingsInput,
} from '@vag/contracts';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { errorMessage, useToast } from '../common/useToast';
import { SettingsCard } from '../settings/SettingsCard';
import { useReportUnsaved } from '../settings/unsaved';
import { fieldErrors, loadInvoicing, saveInvoicing } from './api';
import { CertificateBlock } from './CertificateBlock';

/** The IVA rates the SRI has a code for (tabla 17). */
const IVA_RATES = [0, 5, 8, 12, 13, 14, 15];
const TEXT_FIELDS = [
  'ruc',
  'razonSocial',
  'nombreComercial',
  'dirMatriz',
  'dirEstablecimiento',
] as const;
/** One field a line, as wide as its longest choice needs. */
const FIELD = { display: 'flex', width: { xs: '100%', sm: 360 }, mb: 2 } as const;

function inputOf(settings: InvoicingSettings): InvoicingSettingsInput {
  const { certificate: _c, ...input } = settings;
  return input;
}

export function InvoicingCard() {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`vag.invoicing.card.${key}`, options);
  const toast = useToast();
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: ['invoicing'], queryFn: loadInvoicing });
  const [values, setValues] = useState<InvoicingSettingsInput | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  // Filled once: a certificate uploaded meanwhile reloads the settings, and must not wipe
  // what the operator typed and has not saved yet.
  useEffect(() => {
    if (data) setValues((typed) => typed ?? inputOf(data));
  }, [data]);
  useReportUnsaved(
    'invoicing',
    Boolean(data && values && JSON.stringify(values) !== JSON.stringify(inputOf(data))),
  );
  if (!data || !values) return null;

  const set = <K extends keyof InvoicingSettingsInput>(key: K, value: InvoicingSettingsInput[K]) =>
    setValues({ ...values, [key]: value });
  const field = (key: keyof InvoicingSettingsInput) => ({
    label: t(`labels.${key}`),
    error: Boolean(errors[key]),
    helperText: errors[key],
  });
  const save = async () => {
    try {
      const answer = await saveInvoicing(values);
      setErrors({});
      setProblem(null);
      toast({ title: answer.msg });
      await queryClient.invalidateQueries({ queryKey: ['invoicing'] });
    } catch (error) {
      setErrors(fieldErrors(error));
      setProblem(errorMessage(error, t('error')));
    }
  };

  return (
    <SettingsCard testId="invoicing" title={t('title')} hint={t('hint')}>
      <Alert severity="info" sx={{ mb: 2 }} data-testid="invoicing-operator-duties">
        <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
          {t('operatorTitle')}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          <li>{t('operatorCertificate')}</li>
          <li>{t('operatorSri')}</li>
          <li>{t('operatorAccountant')}</li>
        </Box>
      </Alert>
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {problem}
        </Alert>
      )}
      <FormControlLabel
        sx={{ mb: 1, display: 'flex' }}
        control={
          <Switch checked={values.enabled} onChange={(e) => set('enabled', e.target.checked)} />
        }
        label={t('labels.enabled')}
      />
      {errors.enabled ? (
        <Typography color="error" variant="body2" sx={{ mb: 2 }}>
          {errors.enabled}
        </Typography>
      ) : (
        !data.certificate && (
          <Typography variant="caption" component="p" color="text.secondary" sx={{ mb: 2 }}>
            {t('enabledHint')}
          </Typography>
        )
      )}
      <TextField
        select
        {...field('environment')}
        value={values.environment}
        onChange={(e) =>
          set('environment', e.target.value as InvoicingSettingsInput['environment'])
        }
        sx={FIELD}
      >
        {INVOICE_ENVIRONMENTS.map((env) => (
          <MenuItem key={env} value={env}>
            {t(`environments.${env}`)}
          </MenuItem>
        ))}
      </TextField>
      {TEXT_FIELDS.map((key) => (
        <TextField
          key={key}
          {...field(key)}
          value={values[key]}
          onChange={(e) => set(key, e.target.value)}
          fullWidth
          sx={{ mb: 2 }}
        />
      ))}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        {(['estab', 'ptoEmi'] as const).map((key) => (
          <TextField
            key={key}
            {...field(key)}
            value={values[key]}
            onChange={(e) => set(key, e.target.value)}
            placeholder="001"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
            sx={{ width: { xs: '100%', sm: 240 }, mb: 2 }}
          />
        ))}
      </Box>
      <FormControlLabel
        sx={{ mb: 2, display: 'flex' }}
        control={
          <Switch
            checked={values.obligadoContabilidad}
            onChange={(e) => set('obligadoContabilidad', e.target.checked)}
          />
        }
        label={t('labels.obligadoContabilidad')}
      />
      <TextField
        {...field('contribuyenteEspecial')}
        helperText={errors.contribuyenteEspecial ?? t('contribuyenteHint')}
        value={values.contribuyenteEspecial}
        onChange={(e) => set('contribuyenteEspecial', e.target.value)}
        fullWidth
        sx={{ mb: 2 }}
      />
      <TextField
        select
        {...field('regime')}
        value={values.regime || 'none'}
        onChange={(e) =>
          set(
            'regime',
            (e.target.value === 'none' ? '' : e.target.value) as InvoicingSettingsInput['regime'],
          )
        }
        sx={FIELD}
      >
        {TAX_REGIMES.map((regime) => (
          <MenuItem key={regime || 'none'} value={regime || 'none'}>
            {t(`regimes.${regime || 'none'}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        {...field('ivaRate')}
        helperText={errors.ivaRate ?? t('ivaHint')}
        value={values.ivaRate}
        onChange={(e) => set('ivaRate', Number(e.target.value))}
        sx={FIELD}
      >
        {IVA_RATES.map((rate) => (
          <MenuItem key={rate} value={rate}>
            {rate} %
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...field('consumidorFinalLimit')}
        helperText={errors.consumidorFinalLimit ?? t('limitHint')}
        type="number"
        value={values.consumidorFinalLimit}
        onChange={(e) => set('consumidorFinalLimit', Number(e.target.value))}
        slotProps={{ htmlInput: { min: 0, step: 1 } }}
        sx={FIELD}
      />
      <Box>
        <Button variant="contained" onClick={() => void save()} sx={{ mb: 3 }}>
          {t('save')}
        </Button>
      </Box>
      <CertificateBlock certificate={data.certificate} />
    </SettingsCard>
  );
}
