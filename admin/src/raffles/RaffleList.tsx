// Rifas: every raffle with its status, how much is sold, what it collected, when it closes,
// which one the home page shows (Principal), and the steps its status allows. A table on a
// desktop; on a phone one card per raffle, so every step stays in reach without scrolling
// sideways.
import AddIcon from '@mui/icons-material/Add';
import StarIcon from '@mui/icons-material/Star';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { formatCount, formatDate, formatUsd, type StaffRaffle } from '@vag/contracts';
import { Loading, Title, useBasename, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { AdminOnly } from '../common/AdminOnly';
import { raffleScreen, RaffleSteps } from './RaffleSteps';
import { StatusChip } from './StatusChip';
import { useRaffles } from './useRaffles';

function RaffleName({ raffle }: { raffle: StaffRaffle }) {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography
          component={Link}
          to={raffleScreen(basename, raffle._id)}
          sx={{ fontWeight: 600, color: 'inherit' }}
        >
          {raffle.name}
        </Typography>
        {raffle.featured && (
          <Chip
            size="small"
            color="secondary"
            icon={<StarIcon />}
            label={translate('vag.raffles.featured')}
            title={translate('vag.raffles.featuredHint')}
          />
        )}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
        /rifas/{raffle.slug}
      </Typography>
    </>
  );
}

/** 31.2 → '31 %', 4.5 → '4,5 %', 0 → '0 %': a small share keeps its decimal. */
function soldShare(percentage: number): string {
  const digits = percentage > 0 && percentage < 10 && !Number.isInteger(percentage) ? 1 : 0;
  return `${percentage.toLocaleString('es-EC', { maximumFractionDigits: digits })} %`;
}

function Sold({ raffle }: { raffle: StaffRaffle }) {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {soldShare(raffle.percentage)}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={raffle.percentage}
        sx={{ my: 0.5 }}
        aria-hidden
      />
      <Typography variant="caption" color="text.secondary">
        {translate('vag.raffles.soldOf', {
          sold: formatCount(raffle.sold),
          total: formatCount(raffle.totalNumbers),
        })}
      </Typography>
    </>
  );
}

function RaffleRow({ raffle }: { raffle: StaffRaffle }) {
  return (
    <TableRow hover>
      <TableCell component="th" scope="row">
        <RaffleName raffle={raffle} />
      </TableCell>
      <TableCell>
        <StatusChip status={raffle.status} />
      </TableCell>
      <TableCell sx={{ minWidth: 140 }}>
        <Sold raffle={raffle} />
      </TableCell>
      <TableCell>{formatUsd(raffle.revenue)}</TableCell>
      <TableCell>{formatDate(raffle.endDate)}</TableCell>
      <TableCell sx={{ minWidth: 300 }}>
        <RaffleSteps raffle={raffle} />
      </TableCell>
    </TableRow>
  );
}

function RaffleTable({ raffles }: { raffles: StaffRaffle[] }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`vag.raffles.${key}`);
  return (
    <TableContainer component={Card}>
      <Table aria-label={t('title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('name')}</TableCell>
            <TableCell>{t('status')}</TableCell>
            <TableCell>{t('sold')}</TableCell>
            <TableCell>{t('revenue')}</TableCell>
            <TableCell>{t('endDate')}</TableCell>
            <TableCell>{t('actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {raffles.map((raffle) => (
            <RaffleRow key={raffle._id} raffle={raffle} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function RaffleCards({ raffles }: { raffles: StaffRaffle[] }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`vag.raffles.${key}`);
  return (
    <Box component="ul" aria-label={t('title')} sx={{ display: 'grid', gap: 2, p: 0, m: 0 }}>
      {raffles.map((raffle) => (
        <Card component="li" key={raffle._id} sx={{ listStyle: 'none' }}>
          <CardContent sx={{ display: 'grid', gap: 1 }}>
            <Box>
              <RaffleName raffle={raffle} />
            </Box>
            <Box>
              <StatusChip status={raffle.status} />
            </Box>
            <Box>
              <Sold raffle={raffle} />
            </Box>
            <Typography variant="body2">
              {t('revenue')}: {formatUsd(raffle.revenue)} · {t('endDate')}:{' '}
              {formatDate(raffle.endDate)}
            </Typography>
            <RaffleSteps raffle={raffle} />
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

function Raffles() {
  const translate = useTranslate();
  const basename = useBasename();
  const { data, isPending, error } = useRaffles();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('vag.raffles.title')} />
      <Box
        sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}
      >
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {translate('vag.raffles.title')}
        </Typography>
        <Button
          component={Link}
          to={`${basename}/raffles/create`}
          variant="contained"
          startIcon={<AddIcon />}
        >
          {translate('vag.raffles.add')}
        </Button>
      </Box>
      {isPending ? (
        <Loading />
      ) : error || !data ? (
        <Alert severity="error">{translate('vag.raffles.loadError')}</Alert>
      ) : data.length === 0 ? (
        <Typography color="text.secondary">{translate('vag.raffles.empty')}</Typography>
      ) : phone ? (
        <RaffleCards raffles={data} />
      ) : (
        <RaffleTable raffles={data} />
      )}
    </Box>
  );
}

export function RaffleList() {
  return (
    <AdminOnly name="raffles">
      <Raffles />
    </AdminOnly>
  );
}
