// Panel de Administración (SPEC §2): current draw, sold percentage, instant prizes, the
// sales chart, and a guide for the role (the admin's set-up steps, or what a reseller can
// do). Nothing here deletes sales: a draft raffle's test orders are cleared on its own page.
import { Box, Typography } from '@mui/material';
import { Title, usePermissions, useTranslate } from 'react-admin';
import { PrizesCard } from './PrizesCard';
import { ProgressCard } from './ProgressCard';
import { QuickGuide } from './QuickGuide';
import { RaffleCard } from './RaffleCard';
import { ResellerGuide } from './ResellerGuide';
import { SalesChart } from './SalesChart';
import { DeliveryRateCard } from '../whatsapp/DeliveryRateCard';

export function Dashboard() {
  const translate = useTranslate();
  const { permissions } = usePermissions<string | null>();
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('vag.dashboard.title')} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {translate('vag.dashboard.title')}
      </Typography>
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
        <DeliveryRateCard />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' } }}>
        <SalesChart />
        {permissions === 'admin' && <QuickGuide />}
        {permissions && permissions !== 'admin' && <ResellerGuide />}
      </Box>
    </Box>
  );
}
