// Header: title, then the signed-in staff member (avatar letter, e-mail, role badge) which
// opens the 'Mi Cuenta' menu.
import { Box, Typography } from '@mui/material';
import { AppBar, TitlePortal, useTranslate } from 'react-admin';
import { AccountMenu } from './AccountMenu';

export function AppHeader() {
  const translate = useTranslate();
  return (
    <AppBar color="secondary" userMenu={false} toolbar={<AccountMenu />}>
      <Typography
        variant="h6"
        component="span"
        sx={{ fontWeight: 800, mr: 2, whiteSpace: 'nowrap', display: { xs: 'none', sm: 'inline' } }}
      >
        <Box component="span" sx={{ color: 'primary.main' }}>
          {translate('vag.app.brandFirst')}
        </Box>{' '}
        <Box component="span" sx={{ color: 'secondary.main' }}>
          {translate('vag.app.brandSecond')}
        </Box>
      </Typography>
      <TitlePortal
        variant="body1"
        sx={{
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          // The page title arrives inside react-admin's inline-block wrapper, which a phone's
          // narrow bar cut mid-letter ("Panel de Administració"); as a block it ends in "…".
          '& > .RaConfigurable-root': {
            display: 'block',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          },
        }}
      />
    </AppBar>
  );
}
