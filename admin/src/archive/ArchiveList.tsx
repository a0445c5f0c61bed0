// Rifas anteriores, the archive: a card grid of past raffles. A raffle drawn on the platform
// appears here by itself with its winning number (its record stays, so it has no delete);
// raffles held before the platform are written by hand, with edit and delete.
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CardMedia,
  Chip,
  Typography,
} from '@mui/material';
import { formatDate, safeImageSrc, type PastRaffle } from '@vag/contracts';
import {
  List,
  TopToolbar,
  useDelete,
  useListContext,
  useNotify,
  useBasename,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { TwoStepDelete } from '../common/TwoStepDelete';

type Row = PastRaffle & RaRecord;

function Actions() {
  const translate = useTranslate();
  const basename = useBasename();
  return (
    <TopToolbar>
      <Button
        component={Link}
        to={`${basename}/archive/create`}
        variant="contained"
        startIcon={<AddIcon />}
      >
        {translate('vag.archive.add')}
      </Button>
    </TopToolbar>
  );
}

function ArchiveCard({ rifa }: { rifa: Row }) {
  const translate = useTranslate();
  const basename = useBasename();
  const notify = useNotify();
  const [remove] = useDelete();
  const image = safeImageSrc(rifa.image);
  return (
    <Card sx={{ display: 'flex', flexDirection: 'column' }}>
      {image && (
        <CardMedia
          component="img"
          height="160"
          image={image}
          alt={rifa.activityName}
          onError={(e) => ((e.currentTarget as HTMLImageElement).style.display = 'none')}
        />
      )}
      <CardContent sx={{ flex: 1 }}>
        <Typography variant="h6" component="h2">
          {rifa.activityName}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatDate(rifa.date)}
        </Typography>
        <Typography variant="body2">
          {translate('vag.archive.prize')}: {rifa.prize}
        </Typography>
        <Typography variant="body2">
          {translate('vag.archive.winner')}: {rifa.winner}
        </Typography>
        {rifa.winningNumber && (
          <Typography variant="body2">
            {translate('vag.archive.winningNumber', { number: rifa.winningNumber })}
          </Typography>
        )}
        {rifa.raffleRef && (
          <Chip
            size="small"
            color="success"
            variant="outlined"
            label={translate('vag.archive.fromDraw')}
            sx={{ mt: 1 }}
          />
        )}
      </CardContent>
      <CardActions>
        <Button
          size="small"
          component={Link}
          to={`${basename}/archive/${encodeURIComponent(String(rifa.id))}`}
          startIcon={<EditIcon />}
        >
          {translate('vag.common.edit')}
        </Button>
        {!rifa.raffleRef && (
          <TwoStepDelete
            onConfirm={() =>
              remove(
                'archive',
                { id: rifa.id, previousData: rifa },
                {
                  mutationMode: 'pessimistic',
                  onSuccess: () => notify('vag.archive.deleted', { type: 'success' }),
                  onError: () => notify('vag.archive.deleteError', { type: 'error' }),
                },
              )
            }
          />
        )}
      </CardActions>
    </Card>
  );
}

function Grid() {
  const translate = useTranslate();
  const { data, isPending } = useListContext<Row>();
  if (isPending) return null;
  const intro = (
    <Typography sx={{ px: 2, pt: 2 }} color="text.secondary">
      {translate('vag.archive.intro')}
    </Typography>
  );
  if (!data || data.length === 0) {
    return (
      <>
        {intro}
        <Typography sx={{ p: 3 }} color="text.secondary">
          {translate('vag.archive.empty')}
        </Typography>
      </>
    );
  }
  return (
    <>
      {intro}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          p: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
        }}
      >
        {data.map((rifa) => (
          <ArchiveCard key={rifa.id} rifa={rifa} />
        ))}
      </Box>
    </>
  );
}

export function ArchiveList() {
  const translate = useTranslate();
  return (
    <List
      title={translate('vag.archive.title')}
      actions={<Actions />}
      empty={false}
      pagination={false}
      perPage={100}
    >
      <Grid />
    </List>
  );
}
