// Auditoría (issue 16): every staff action on the raffles, newest first, a page at a
// time. Read-only: the api offers no way to change an entry, so neither does this list.
import { Chip, Typography } from '@mui/material';
import { formatDateTime, type AuditEntry } from '@vag/contracts';
import {
  Datagrid,
  FunctionField,
  List,
  Pagination,
  useTranslate,
  type RaRecord,
} from 'react-admin';

type Row = AuditEntry & RaRecord;

const PAGE_SIZE = 25;

export function AuditList() {
  const translate = useTranslate();
  const t = (key: string) => translate(`vag.audit.${key}`);
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
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField label={t('at')} render={(r: Row) => formatDateTime(r.at)} />
        <FunctionField
          label={t('actor')}
          render={(r: Row) => (r.actor === 'sistema' ? t('system') : r.actor)}
        />
        <FunctionField label={t('description')} render={(r: Row) => r.description} />
        <FunctionField
          label={t('scope')}
          render={(r: Row) => (
            <Chip
              size="small"
              variant="outlined"
              color={r.scope === 'raffle' ? 'primary' : 'default'}
              label={t(r.scope === 'raffle' ? 'scopeRaffle' : 'scopePurchase')}
            />
          )}
        />
      </Datagrid>
    </List>
  );
}
