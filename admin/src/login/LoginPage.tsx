// /admin/login (SPEC §2): title, subtitle, back link, e-mail and password with show/hide,
// the contracts' validation texts, the failure toast, then back to the page that sent the
// person here. MUI alone, outside react-admin, so signing in loads a fraction of the app.
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LockIcon from '@mui/icons-material/Lock';
import {
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  createTheme,
  CssBaseline,
  Link,
  Snackbar,
  TextField,
  ThemeProvider,
  Typography,
} from '@mui/material';
import type { LoginInput } from '@vag/contracts';
import { useState } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router-dom';
import { authProvider } from '../authProvider';
import { ToastAlert, type Toast } from '../common/ToastAlert';
import { theme } from '../theme';
import { loginText as t } from './loginText';
import { PasswordInput } from './PasswordInput';
import { useLoginForm } from './useLoginForm';
import { markSignedIn } from './welcome';

const muiTheme = createTheme(theme);

/** Where react-admin's sign-in redirect came from (its location state), else the dashboard. */
function nextPath(location: Location): string {
  const state = location.state as { nextPathname?: string; nextSearch?: string } | null;
  const from = state?.nextPathname;
  return from && !from.endsWith('/login') ? `${from}${state?.nextSearch ?? ''}` : '/admin/';
}

export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [toast, setToast] = useState<Toast | null>(null);
  const form = useLoginForm(async ({ email, password }: LoginInput) => {
    try {
      await authProvider.login({ email: email.trim().toLowerCase(), password });
    } catch {
      setToast({ title: t('failureTitle'), description: t('failureDescription'), type: 'error' });
      return;
    }
    markSignedIn();
    navigate(nextPath(location));
  });

  return (
    <ThemeProvider theme={muiTheme}>
      <CssBaseline />
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
              <ArrowBackIcon fontSize="small" /> {t('back')}
            </Link>
            <Box sx={{ textAlign: 'center', mb: 3 }}>
              <Avatar sx={{ bgcolor: 'primary.main', mx: 'auto', mb: 1 }}>
                <LockIcon />
              </Avatar>
              <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
                {t('title')}
              </Typography>
              <Typography color="text.secondary">{t('subtitle')}</Typography>
            </Box>
            <form noValidate onSubmit={form.submit}>
              <TextField
                name="email"
                type="email"
                label={t('email')}
                autoComplete="email"
                value={form.values.email}
                onChange={form.change('email')}
                error={form.error('email') !== undefined}
                helperText={form.error('email') ?? ' '}
                variant="filled"
                margin="dense"
                fullWidth
              />
              <PasswordInput
                name="password"
                label={t('password')}
                autoComplete="current-password"
                value={form.values.password}
                onChange={form.change('password')}
                error={form.error('password') !== undefined}
                helperText={form.error('password') ?? ' '}
                variant="filled"
                margin="dense"
                fullWidth
              />
              <Button
                type="submit"
                variant="contained"
                fullWidth
                size="large"
                disabled={form.busy}
                sx={{ mt: 2 }}
              >
                {t(form.busy ? 'submitting' : 'submit')}
              </Button>
            </form>
          </CardContent>
        </Card>
      </Box>
      <Snackbar
        open={toast !== null}
        autoHideDuration={4000}
        onClose={() => setToast(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <div>{toast && <ToastAlert {...toast} />}</div>
      </Snackbar>
    </ThemeProvider>
  );
}
