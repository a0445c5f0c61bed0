// Gestión de Usuarios: admins register staff and see the list; anyone else gets the
// 'Acceso Denegado' card of SPEC §2.
import BlockIcon from '@mui/icons-material/Block';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { Loading, Title, usePermissions, useTranslate } from 'react-admin';
import { RegisterForm } from './RegisterForm';
import { UserTable } from './UserTable';

function AccessDeniedCard() {
  const translate = useTranslate();
  return (
    <Card sx={{ maxWidth: 560, mx: 'auto', mt: 4, textAlign: 'center' }}>
      <CardContent>
        <BlockIcon color="error" sx={{ fontSize: 48 }} />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {translate('vag.users.accessDenied')}
        </Typography>
        <Typography color="text.secondary">{translate('vag.users.accessDeniedText')}</Typography>
      </CardContent>
    </Card>
  );
}

export function UsersPage() {
  const translate = useTranslate();
  const { permissions, isPending } = usePermissions<string | null>();
  if (isPending) return <Loading />;
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('vag.users.title')} />
      {permissions !== 'admin' ? (
        <AccessDeniedCard />
      ) : (
        <>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
            {translate('vag.users.title')}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(0, 3fr)' },
              alignItems: 'start',
            }}
          >
            <RegisterForm />
            <UserTable />
          </Box>
        </>
      )}
    </Box>
  );
}
