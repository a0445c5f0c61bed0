// The staff list (GET /api/admin): name, e-mail, role, referral code.
import {
  Card,
  CardContent,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { UserListItem } from '@vag/contracts';
import { useTranslate } from 'react-admin';
import { useVagApi } from '../common/useVagApi';

export function UserTable() {
  const translate = useTranslate();
  const api = useVagApi();
  const { data = [] } = useQuery({
    queryKey: ['staff-users'],
    queryFn: () => api.call<UserListItem[]>('GET', '/admin'),
  });
  const t = (key: string) => translate(`vag.users.${key}`);
  return (
    <Card>
      <CardContent sx={{ overflowX: 'auto' }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('list')}
        </Typography>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('name')}</TableCell>
              <TableCell>{t('email')}</TableCell>
              <TableCell>{t('role')}</TableCell>
              <TableCell>{t('code')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((user) => (
              <TableRow key={user._id ?? user.email}>
                <TableCell>{user.fullname}</TableCell>
                <TableCell>{user.email}</TableCell>
                <TableCell>
                  <Chip size="small" label={translate(`vag.roles.${user.role}`)} />
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                  {user.code ?? ''}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
