// The old addresses of one-raffle screens (/hero, /packages, /prizes, /draw) lead to the
// same tab of the featured raffle's page, so bookmarks and habits keep working.
import { Alert } from '@mui/material';
import { Loading, useBasename, useTranslate } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { raffleScreen } from './RaffleSteps';
import { useRaffles } from './useRaffles';

export function ToFeaturedRaffle({ tab = '' }: { tab?: '' | 'packages' | 'prizes' | 'draw' }) {
  const translate = useTranslate();
  const basename = useBasename();
  const { data, isPending } = useRaffles();
  if (isPending) return <Loading />;
  const featured = data?.find((r) => r.featured);
  if (!featured)
    return (
      <Alert severity="info" sx={{ mt: 2 }}>
        {translate('vag.raffles.noFeatured')}
      </Alert>
    );
  return <Navigate to={raffleScreen(basename, featured._id, tab)} replace />;
}
