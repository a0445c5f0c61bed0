// Auditoría (DESIGN, "The next layer"): every staff action on the raffles, newest first, a page at a
// time. Read-only: the api offers no way to change an entry, so neither does this list.
import { Box, Chip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { RaffleSelect } from '../common/RaffleSelect';
import { ALL_RAFFLES, formatDateTime, type AuditEntry } from '@vag/contracts';
import {
  Datagrid,
  FunctionField,
  List,
  Pagination,
  SimpleList,
  useListContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';

type Row = AuditEntry & RaRecord;

const PAGE_SIZE = 25;

const SCOPE_KEYS: Record<AuditEntry['scope'], string> = {
  raffle: 'scopeRaffle',
  purchase: 'scopePurchase',
  office: 'scopeOffice',
};

/** The raffle the list is narrowed to ('Todas las rifas' or one), as react-admin's filter. */
function AuditRaffleFilter() {
  const { filterValues, setFilters } = useListContext();
  const raffleId = String(filterValues.raffleId ?? ALL_RAFFLES);
  return (
    <Box sx={{ px: 2, pt: 2 }}>
      <RaffleSelect
        value={raffleId}
        onChange={(value) => setFilters(value === ALL_RAFFLES ? {} : { raffleId: value }, {})}
        sx={{ width: 260 }}
      />
    </Box>
  );
}

export function AuditList() {
  const translate = useTranslate();
  const t = (key: string) => translate(`vag.audit.${key}`);
  // A phone has no room for four columns: each entry reads as a short card instead.
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const actor = (r: Row) => (r.actor === 'sistema' ? t('system') : r.actor);
  const scope = (r: Row) => t(SCOPE_KEYS[r.scope]);
  return (
    <List
      title={t('title')}
      perPage={PAGE_SIZE}
      actions={false}
      pagination={<Pagination rowsPerPageOptions={[PAGE_SIZE, 50, 100]} />}
      empty={
        <Typography sx={{ p: 2 }} color="text.secondary">
          {t('empty')}
        </Typography>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 2 }}>
        {t('intro')}
      </Typography>
      <AuditRaffleFilter />
      {small ? (
        <SimpleList<Row>
          linkType={false}
          primaryText={(r) => r.description}
          secondaryText={(r) => `${formatDateTime(r.at)} · ${actor(r)}`}
          tertiaryText={(r) => [scope(r), r.raffleName].filter(Boolean).join(' · ')}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <FunctionField label={t('at')} render={(r: Row) => formatDateTime(r.at)} />
          <FunctionField label={t('actor')} render={actor} />
          <FunctionField label={t('raffle')} render={(r: Row) => r.raffleName ?? ''} />
          <FunctionField label={t('description')} render={(r: Row) => r.description} />
          <FunctionField
            label={t('scope')}
            render={(r: Row) => (
              <Chip
                size="small"
                variant="outlined"
                color={r.scope === 'raffle' ? 'primary' : 'default'}
                label={scope(r)}
              />
            )}
          />
        </Datagrid>
      )}
    </List>
  );
}
