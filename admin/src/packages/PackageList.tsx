// Gestionar Paquetes of one raffle (its page's Paquetes tab): table with Nombre, Cantidad,
// Precio, Popular, Acciones; 'Actualizar' refresh; two-step delete; SPEC's empty text.
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { formatUsd } from '@vag/contracts';
import {
  BooleanField,
  Datagrid,
  FunctionField,
  List,
  NumberField,
  TextField,
  TopToolbar,
  useDelete,
  useNotify,
  useRecordContext,
  useRefresh,
  useBasename,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { TwoStepDelete } from '../common/TwoStepDelete';
import { usePackageRaffle } from './packageRaffle';

function ListActions() {
  const translate = useTranslate();
  const basename = useBasename();
  const refresh = useRefresh();
  const { query } = usePackageRaffle();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <Button startIcon={<RefreshIcon />} onClick={refresh}>
        {translate('vag.common.refresh')}
      </Button>
      <Button
        component={Link}
        to={`${basename}/packages/create${query}`}
        variant="contained"
        startIcon={<AddIcon />}
      >
        {translate('vag.packages.add')}
      </Button>
    </TopToolbar>
  );
}

function RowActions() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const [remove] = useDelete();
  const basename = useBasename();
  const raffle = usePackageRaffle();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Button
        size="small"
        component={Link}
        to={`${basename}/packages/${encodeURIComponent(String(record.id))}${raffle.query}`}
        startIcon={<EditIcon />}
      >
        {translate('vag.common.edit')}
      </Button>
      <TwoStepDelete
        onConfirm={() =>
          remove(
            'packages',
            { id: record.id, previousData: record, meta: raffle.meta },
            {
              mutationMode: 'pessimistic',
              onSuccess: () => notify('vag.packages.deleted', { type: 'success' }),
            },
          )
        }
      />
    </Box>
  );
}

function Empty() {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <ListActions />
      <CardContent>
        <Typography color="text.secondary">{translate('vag.packages.empty')}</Typography>
      </CardContent>
    </Card>
  );
}

export function PackageList() {
  const translate = useTranslate();
  const raffle = usePackageRaffle();
  return (
    <List
      resource="packages"
      queryOptions={{ meta: raffle.meta }}
      disableSyncWithLocation
      storeKey={`packages.${raffle.raffleId ?? 'featured'}`}
      title={false}
      actions={<ListActions />}
      empty={<Empty />}
      sort={{ field: 'quantity', order: 'ASC' }}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="name" />
        <NumberField source="quantity" />
        <FunctionField source="price" render={(r: RaRecord) => formatUsd(Number(r.price))} />
        <BooleanField source="isPopular" />
        <FunctionField label={translate('vag.common.actions')} render={() => <RowActions />} />
      </Datagrid>
    </List>
  );
}
