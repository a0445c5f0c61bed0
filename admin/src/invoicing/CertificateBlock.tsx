// The signing certificate in Ajustes: whose it is, who issued it, until when (warned 30
// days ahead, and plainly when it expired), and the upload of a new .p12 with its password.
// The api answers the reason in Spanish when it cannot sign (wrong password, expired, not
// a .p12); the file and password are never shown back.
import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { formatDate, INVOICE_TEXTS, type CertificateInfo } from '@vag/contracts';
import { useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { errorMessage, useToast } from '../common/useToast';
import { fieldErrors, uploadCertificate } from './api';
import { certificateState } from './certificate';
import { useReportUnsaved } from '../settings/unsaved';

function CertificateFacts({ certificate }: { certificate: CertificateInfo }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`vag.invoicing.card.${key}`, options);
  const state = certificateState(certificate.notAfter);
  const date = formatDate(certificate.notAfter);
  return (
    <Box sx={{ mb: 2 }} data-testid="invoicing-certificate">
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {t('certificateOf', { subject: certificate.subject })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {t('issuedBy', { issuer: certificate.issuer })}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('validUntil', { date })}
      </Typography>
      {certificate.accredited === false && (
        <Alert
          severity="warning"
          sx={{ mt: 1 }}
          role="alert"
          data-testid="certificate-not-accredited"
        >
          {INVOICE_TEXTS.certificate.notAccredited} {t('notAccreditedHint')}
        </Alert>
      )}
      {state.kind === 'expiring' && (
        <Alert severity="warning" sx={{ mt: 1 }} role="alert">
          {t('expiresSoon', { smart_count: state.daysLeft, date })}. {t('renewHint')}
        </Alert>
      )}
      {state.kind === 'expired' && (
        <Alert severity="error" sx={{ mt: 1 }} role="alert">
          {t('expired', { date })}
        </Alert>
      )}
    </Box>
  );
}

export function CertificateBlock({ certificate }: { certificate: CertificateInfo | null }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`vag.invoicing.card.${key}`);
  const toast = useToast();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // A chosen file or a typed password not uploaded yet is work a person would lose.
  useReportUnsaved('certificate', file !== null || password !== '');

  const upload = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const answer = await uploadCertificate(file, password);
      setErrors({});
      setFile(null);
      setPassword('');
      toast({ title: answer.msg });
      await queryClient.invalidateQueries({ queryKey: ['invoicing'] });
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors(
        Object.keys(fields).length ? fields : { file: errorMessage(error, t('uploadError')) },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="invoicing-certificate-title">
      <Typography
        id="invoicing-certificate-title"
        variant="subtitle1"
        component="h3"
        sx={{ mb: 1 }}
      >
        {t('certificateTitle')}
      </Typography>
      {certificate ? (
        <CertificateFacts certificate={certificate} />
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('certificateNone')}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mb: 1 }}>
        <Box sx={{ width: { xs: '100%', sm: 'auto' } }}>
          <input
            ref={input}
            type="file"
            accept=".p12,.pfx,application/x-pkcs12"
            hidden
            data-testid="invoicing-certificate-file"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          <Button variant="outlined" onClick={() => input.current?.click()}>
            {t('chooseFile')}
          </Button>
          <Typography
            variant="caption"
            component="p"
            color={errors.file ? 'error' : 'text.secondary'}
            sx={{ mt: 0.5, overflowWrap: 'anywhere', maxWidth: 360 }}
            role={errors.file ? 'alert' : undefined}
          >
            {errors.file ?? file?.name ?? t('noFile')}
          </Typography>
        </Box>
        <TextField
          type="password"
          label={t('certificatePassword')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={Boolean(errors.password)}
          helperText={errors.password}
          autoComplete="off"
          sx={{ width: { xs: '100%', sm: 280 } }}
        />
        <Button variant="contained" disabled={!file || busy} onClick={() => void upload()}>
          {t('upload')}
        </Button>
      </Box>
      <Typography variant="caption" component="p" color="text.secondary">
        {t('secretKept')}
      </Typography>
    </Box>
  );
}
