// /admin/login (SPEC §2): title, subtitle, back link, e-mail and password with show/hide,
// the contracts' validation texts, success and failure toasts, then back to the origin.
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LockIcon from '@mui/icons-material/Lock';
import { Avatar, Box, Button, Card, CardContent, Link, Typography } from '@mui/material';
import { loginSchema } from '@vag/contracts';
import { useState } from 'react';
import { Form, TextInput, useLogin, useTranslate } from 'react-admin';
import { PasswordField } from '../common/PasswordField';
import { useToast } from '../common/useToast';
import { zodValidate } from '../common/zodValidate';

const validate = zodValidate(loginSchema);

export function LoginPage() {
  const translate = useTranslate();
  const toast = useToast();
  const login = useLogin();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: Record<string, unknown>) => {
    setSubmitting(true);
    try {
      await login({ email: String(values.email).trim().toLowerCase(), password: values.password });
      toast({
        title: translate('vag.login.successTitle'),
        description: translate('vag.login.successDescription'),
      });
    } catch {
      toast({
        title: translate('vag.login.failureTitle'),
        description: translate('vag.login.failureDescription'),
        type: 'error',
      });
      setSubmitting(false);
    }
  };

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: 'linear-gradient(135deg, #4c1d95 0%, #6d28d9 55%, #f59e0b 100%)',
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent sx={{ p: 4 }}>
          <Link
            href="/"
            underline="hover"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}
          >
            <ArrowBackIcon fontSize="small" /> {translate('vag.login.back')}
          </Link>
          <Box sx={{ textAlign: 'center', mb: 3 }}>
            <Avatar sx={{ bgcolor: 'primary.main', mx: 'auto', mb: 1 }}>
              <LockIcon />
            </Avatar>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {translate('vag.login.title')}
            </Typography>
            <Typography color="text.secondary">{translate('vag.login.subtitle')}</Typography>
          </Box>
          <Form
            noValidate
            onSubmit={submit}
            validate={validate}
            mode="onSubmit"
            reValidateMode="onChange"
          >
            <TextInput
              source="email"
              type="email"
              label={translate('vag.login.email')}
              fullWidth
              autoComplete="email"
            />
            <PasswordField
              source="password"
              label={translate('vag.login.password')}
              autoComplete="current-password"
            />
            <Button
              type="submit"
              variant="contained"
              fullWidth
              size="large"
              disabled={submitting}
              sx={{ mt: 2 }}
            >
              {translate(submitting ? 'vag.login.submitting' : 'vag.login.submit')}
            </Button>
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}
