// 'Mi Cuenta': e-mail, role, the referral code (click copies the public link) and Salir,
// which ends the session and leaves the back office for /super (SPEC §2).
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
import { useGetIdentity, useLogout, useTranslate } from 'react-admin';
import { useToast } from '../common/useToast';
import { roleLabel } from '@vag/contracts';
import { referralUrl } from './referral';

export function AccountMenu() {
  const translate = useTranslate();
  const toast = useToast();
  const logout = useLogout();
  const { identity } = useGetIdentity();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const email = String(identity?.email ?? '');
  const role = identity?.role as string | undefined;
  const code = identity?.code as string | undefined;
  const roleText = roleLabel(role);

  const copyCode = async () => {
    if (!code) return;
    const title = translate('vag.account.referralTitle');
    try {
      await navigator.clipboard.writeText(referralUrl(window.location.origin, code));
      toast({ title, description: translate('vag.account.referralCopied') });
    } catch {
      toast({ title, description: translate('vag.account.referralFailed'), type: 'error' });
    }
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
