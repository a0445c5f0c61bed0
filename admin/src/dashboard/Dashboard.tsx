// Panel de Administración (SPEC §2): current draw, sold percentage, instant prizes, the
// sales chart, a guide for the role (the admin's set-up steps, or what a reseller can do),
// and for admins 'Borrar todo'.
import { Box, Typography } from '@mui/material';
import { Title, usePermissions, useTranslate } from 'react-admin';
import { DeleteAllButton } from './DeleteAllButton';
import { PrizesCard } from './PrizesCard';
import { ProgressCard } from './ProgressCard';
import { QuickGuide } from './QuickGuide';
import { RaffleCard } from './RaffleCard';
import { ResellerGuide } from './ResellerGuide';
import { SalesChart } from './SalesChart';

export function Dashboard() {
  const translate = useTranslate();
  const { permissions } = usePermissions<string | null>();
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('vag.dashboard.title')} />
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          mb: 2,
          gap: 2,
          flexWrap: 'wrap',
        }}
      >
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {translate('vag.dashboard.title')}
        </Typography>
        {permissions === 'admin' && <DeleteAllButton />}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
          mb: 2,
        }}
      >
        <RaffleCard canToggle={permissions === 'admin'} />
        <ProgressCard />
        <PrizesCard />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' } }}>
        <SalesChart />
        {permissions === 'admin' && <QuickGuide />}
        {permissions && permissions !== 'admin' && <ResellerGuide />}
      </Box>
    </Box>
  );
}
