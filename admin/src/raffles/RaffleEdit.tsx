// A raffle's page in the back office: its name, status and steps on top, and tabs for what
// belongs to it: its page content (the former Sección Hero), its packages, its instant
// prizes, its draw and its trust page. Each tab's screen talks to /api/raffles/{id}/… (RaffleScope).
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import StarIcon from '@mui/icons-material/Star';
import { Alert, Box, Button, Chip, Tab, Tabs, Typography } from '@mui/material';
import { rafflePath, type StaffRaffle } from '@vag/contracts';
import { Loading, Title, useBasename, useTranslate } from 'react-admin';
import { Link, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { AdminOnly } from '../common/AdminOnly';
import { lazyPage } from '../common/lazyPage';
import { RaffleScope } from '../common/raffleScope';
import { ClearTestOrders } from './ClearTestOrders';
import { RafflePageForm } from './RafflePageForm';
import { RaffleTrustForm } from './RaffleTrustForm';
import { raffleScreen, RaffleSteps } from './RaffleSteps';
import { StatusChip } from './StatusChip';
import { useRaffle } from './useRaffles';

const PackageList = lazyPage(() => import('../packages/PackageList'), 'PackageList');
const PrizesPage = lazyPage(() => import('../prizes/PrizesPage'), 'PrizesPage');
const DrawPage = lazyPage(() => import('../draw/DrawPage'), 'DrawPage');

const TABS = [
  { path: '', key: 'tabPage' },
  { path: 'packages', key: 'tabPackages' },
  { path: 'prizes', key: 'tabPrizes' },
  { path: 'draw', key: 'tabDraw' },
  { path: 'trust', key: 'tabTrust' },
] as const;

function Header({ raffle }: { raffle: StaffRaffle }) {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <Box sx={{ mb: 2 }}>
      <Button
        component={Link}
        to={`${basename}/raffles`}
        startIcon={<ArrowBackIcon />}
        size="small"
        sx={{ mb: 1 }}
      >
        {translate('vag.raffles.back')}
      </Button>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {raffle.name}
        </Typography>
        <StatusChip status={raffle.status} />
        {raffle.featured && (
          <Chip
            size="small"
            color="secondary"
            icon={<StarIcon />}
            label={translate('vag.raffles.featured')}
            title={translate('vag.raffles.featuredHint')}
          />
        )}
        {raffle.status !== 'draft' && (
          <Button
            size="small"
            href={rafflePath(raffle.slug)}
            target="_blank"
            rel="noopener"
            endIcon={<OpenInNewIcon />}
          >
            {translate('vag.raffles.viewPage')}
          </Button>
        )}
      </Box>
      <RaffleSteps raffle={raffle} only={(step) => step !== 'edit'} size="medium" />
    </Box>
  );
}

function RaffleTabs({ raffle }: { raffle: StaffRaffle }) {
  const translate = useTranslate();
  const basename = useBasename();
  const { pathname } = useLocation();
  const base = raffleScreen(basename, raffle._id);
  const current = TABS.find((tab) => tab.path && pathname.startsWith(`${base}/${tab.path}`));
  return (
    <Tabs
      value={current?.path ?? ''}
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {TABS.map((tab) => (
        <Tab
          key={tab.path}
          value={tab.path}
          label={translate(`vag.raffles.${tab.key}`)}
          component={Link}
          to={raffleScreen(basename, raffle._id, tab.path)}
        />
      ))}
    </Tabs>
  );
}

function RafflePage() {
  const translate = useTranslate();
  const { id } = useParams();
  const { data: raffle, isPending, error } = useRaffle(id);
  if (isPending) return <Loading />;
  if (error || !raffle)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {error instanceof Error && error.message
          ? error.message
          : translate('vag.raffles.loadError')}
      </Alert>
    );
  return (
    <Box sx={{ py: 2 }}>
      <Title title={raffle.name} />
      <Header raffle={raffle} />
      <RaffleTabs raffle={raffle} />
      <RaffleScope raffleId={raffle._id}>
        <Routes>
          <Route
            index
            element={
              <>
                <RafflePageForm raffle={raffle} />
                {raffle.status === 'draft' && <ClearTestOrders raffle={raffle} />}
              </>
            }
          />
          <Route path="packages" element={<PackageList />} />
          <Route path="prizes" element={<PrizesPage />} />
          <Route path="draw" element={<DrawPage />} />
          <Route path="trust" element={<RaffleTrustForm raffle={raffle} />} />
        </Routes>
      </RaffleScope>
    </Box>
  );
}

export function RaffleEdit() {
  return (
    <AdminOnly name="raffles">
      <RafflePage />
    </AdminOnly>
  );
}
