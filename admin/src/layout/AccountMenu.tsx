// 'Mi Cuenta': e-mail, role, the referral code (click copies the public link), 'Cambiar
// contraseña' and Salir, which ends the session and leaves the back office for /super (SPEC §2).
import KeyIcon from '@mui/icons-material/Key';
import LogoutIcon from '@mui/icons-material/Logout';
import {
  Avatar,
  Box,
  Button,
  Chip,
  Divider,
  ListItemIcon,
  Menu,
  MenuItem,
  Typography,
} from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { useBasename, useGetIdentity, useLogout, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { roleLabel } from '@vag/contracts';
import { useCopyReferralLink } from './useCopyReferralLink';

export function AccountMenu() {
  const translate = useTranslate();
  const logout = useLogout();
  const basename = useBasename();
  const { identity } = useGetIdentity();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const email = String(identity?.email ?? '');
  const role = identity?.role as string | undefined;
  const code = identity?.code as string | undefined;
  const roleText = roleLabel(role);

  const copyLink = useCopyReferralLink();
  const copyCode = async () => {
    if (code) await copyLink(code);
  };

  const signOut = async () => {
    setAnchor(null);
    await logout({}, false);
    window.location.assign('/super');
  };

  return (
    <>
      <Button
        color="inherit"
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        aria-label={translate('vag.account.openMenu')}
        sx={{ textTransform: 'none', gap: 1 }}
      >
        <Avatar sx={{ width: 32, height: 32, bgcolor: 'primary.main' }}>
          {email.charAt(0).toUpperCase()}
        </Avatar>
        <Box sx={{ display: { xs: 'none', sm: 'block' } }}>{email}</Box>
        <Chip
          size="small"
          color={role === 'admin' ? 'primary' : 'default'}
          label={roleText}
          data-testid="role-badge"
        />
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <Box sx={{ px: 2, py: 1, minWidth: 240 }}>
          <Typography variant="subtitle2">{translate('vag.account.menu')}</Typography>
          <Typography variant="body2">{email}</Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('vag.account.role')}: {roleText}
          </Typography>
        </Box>
        {code && (
          <MenuItem onClick={copyCode}>
            {translate('vag.account.referralCode')}:{' '}
            <strong style={{ marginLeft: 4 }}>{code}</strong>
          </MenuItem>
        )}
        <Divider />
        <MenuItem
          component={Link}
          to={`${basename}/change-password`}
          onClick={() => setAnchor(null)}
        >
          <ListItemIcon>
            <KeyIcon fontSize="small" />
          </ListItemIcon>
          {translate('vag.account.changePassword')}
        </MenuItem>
        <MenuItem onClick={signOut}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {translate('vag.account.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
