// Datos personales (admin only): every request about personal data — from /mis-datos or
// entered by staff when it came by letter, phone or the privacy e-mail — with its 15-day
// deadline (overdue ones stand out), its status and what was done. Staff mark a request
// done saying what they did, or run the deletion for a deletion request.
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  DATA_REQUEST_KIND_WORDS,
  DATA_REQUEST_KINDS,
  formatDateTime,
  reviewItemText,
  type DataRequest,
  type DataRequestKind,
} from '@vag/contracts';
import { useState } from 'react';
import {
  Datagrid,
  FunctionField,
  List,
  Pagination,
  TopToolbar,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { errorMessage, useToast } from '../common/useToast';
import { useVagApi } from '../common/useVagApi';
import { daysLeft, isOverdue } from './data-requests';

type Row = DataRequest & RaRecord;

const PAGE_SIZE = 25;

function useT() {
  const translate = useTranslate();
  return (key: string, options?: Record<string, unknown>) =>
    translate(`vag.dataRequests.${key}`, options);
}

function Deadline({ row }: { row: Row }) {
  const t = useT();
  if (row.status === 'done') return <span>{formatDateTime(row.dueAt)}</span>;
  const overdue = isOverdue(row);
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <span>{formatDateTime(row.dueAt)}</span>
      <Chip
        size="small"
        color={overdue ? 'error' : 'default'}
        variant={overdue ? 'filled' : 'outlined'}
        label={overdue ? t('overdue') : t('daysLeft', { smart_count: daysLeft(row) })}
      />
    </Stack>
  );
}

/** What a deletion left for staff: values other buyers' purchases carry too. */
function Review({ row }: { row: Row }) {
  const t = useT();
  if (row.review.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mt: 0.5 }}>
      <Typography variant="body2" fontWeight={600}>
        {t('review')}
      </Typography>
      {row.review.map((item) => (
        <Typography key={`${item.field}:${item.value}`} variant="body2">
          {reviewItemText(item)}
        </Typography>
      ))}
    </Alert>
  );
}

function Done({ row }: { row: Row }) {
  const t = useT();
  if (row.status !== 'done')
    return (
      <Box>
        <Chip size="small" color="warning" label={t('pending')} />
        {row.what && <Typography variant="body2">{row.what}</Typography>}
        <Review row={row} />
      </Box>
    );
  return (
    <Box>
      <Chip size="small" color="success" label={t('done')} sx={{ mb: 0.5 }} />
      <Typography variant="body2">{row.what}</Typography>
      <Typography variant="caption" color="text.secondary">
        {row.doneBy} · {row.doneAt ? formatDateTime(row.doneAt) : ''}
      </Typography>
      <Review row={row} />
    </Box>
  );
}

function RowActions({ row }: { row: Row }) {
  const t = useT();
  const api = useVagApi();
  const refresh = useRefresh();
  const toast = useToast();
  const [open, setOpen] = useState<'done' | 'delete' | null>(null);
  const [what, setWhat] = useState('');
  if (row.status === 'done') return null;

  const act = async () => {
    try {
      if (open === 'delete')
        await api.call(
          'POST',
          `/admin/data-requests/${encodeURIComponent(row.id)}/delete-data`,
          {},
        );
      else
        await api.call('POST', `/admin/data-requests/${encodeURIComponent(row.id)}/done`, { what });
      toast({ title: t(open === 'delete' ? 'deletedTitle' : 'doneTitle') });
      setOpen(null);
      refresh();
    } catch (error) {
      toast({ title: t('error'), description: errorMessage(error, t('error')), type: 'error' });
    }
  };

  return (
    <>
      <Stack direction="row" spacing={1}>
        <Button size="small" variant="outlined" onClick={() => setOpen('done')}>
          {t('markDone')}
        </Button>
        {row.kind === 'deletion' && row.review.length === 0 && (
          <Button size="small" color="error" variant="outlined" onClick={() => setOpen('delete')}>
            {t('runDeletion')}
          </Button>
        )}
      </Stack>
      <Dialog open={open !== null} onClose={() => setOpen(null)} fullWidth maxWidth="sm">
        <DialogTitle>{t(open === 'delete' ? 'runDeletion' : 'markDone')}</DialogTitle>
        <DialogContent>
          {open === 'delete' ? (
            <Alert severity="warning">{t('deletionExplained', { email: row.email })}</Alert>
          ) : (
            <TextField
              autoFocus
              fullWidth
              multiline
              margin="dense"
              label={t('what')}
              value={what}
              onChange={(e) => setWhat(e.target.value)}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(null)}>{t('cancel')}</Button>
          <Button
            variant="contained"
            color={open === 'delete' ? 'error' : 'primary'}
            disabled={open === 'done' && !what.trim()}
            onClick={() => void act()}
          >
            {t(open === 'delete' ? 'confirmDeletion' : 'save')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function NewRequest() {
  const t = useT();
  const api = useVagApi();
  const refresh = useRefresh();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [kind, setKind] = useState<DataRequestKind>('deletion');
  const [note, setNote] = useState('');
  const save = async () => {
    try {
      await api.call('POST', '/admin/data-requests', { email, kind, note });
      toast({ title: t('createdTitle') });
      setOpen(false);
      setEmail('');
      setNote('');
      refresh();
    } catch (error) {
      toast({ title: t('error'), description: errorMessage(error, t('error')), type: 'error' });
    }
  };
  return (
    <TopToolbar>
      <Button variant="contained" onClick={() => setOpen(true)}>
        {t('new')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{t('new')}</DialogTitle>
        <DialogContent>
          <TextField
            fullWidth
            margin="dense"
            type="email"
            label={t('email')}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField
            select
            fullWidth
            margin="dense"
            label={t('kind')}
            value={kind}
            onChange={(e) => setKind(e.target.value as DataRequestKind)}
          >
            {DATA_REQUEST_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {DATA_REQUEST_KIND_WORDS[k]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            fullWidth
            margin="dense"
            multiline
            label={t('note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('cancel')}</Button>
          <Button variant="contained" onClick={() => void save()}>
            {t('save')}
          </Button>
        </DialogActions>
      </Dialog>
    </TopToolbar>
  );
}

export function DataRequestList() {
  const t = useT();
  return (
    <List
      title={t('title')}
      perPage={PAGE_SIZE}
      actions={<NewRequest />}
      pagination={<Pagination rowsPerPageOptions={[PAGE_SIZE, 50, 100]} />}
      empty={
        <Box sx={{ p: 2 }}>
          <Typography color="text.secondary">{t('empty')}</Typography>
          <NewRequest />
        </Box>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 2 }}>
        {t('intro')}
      </Typography>
      <Datagrid
        bulkActionButtons={false}
        rowClick={false}
        rowSx={(r: Row) => (isOverdue(r) ? { backgroundColor: 'rgba(211, 47, 47, 0.08)' } : {})}
      >
        <FunctionField label={t('createdAt')} render={(r: Row) => formatDateTime(r.createdAt)} />
        <FunctionField label={t('kind')} render={(r: Row) => DATA_REQUEST_KIND_WORDS[r.kind]} />
        <FunctionField
          label={t('email')}
          render={(r: Row) => (
            <Box>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {r.email}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {r.channel === 'web' ? t('channelWeb') : t('channelStaff')}
                {r.note ? ` · ${r.note}` : ''}
              </Typography>
            </Box>
          )}
        />
        <FunctionField label={t('dueAt')} render={(r: Row) => <Deadline row={r} />} />
        <FunctionField label={t('status')} render={(r: Row) => <Done row={r} />} />
        <FunctionField label="" render={(r: Row) => <RowActions row={r} />} />
      </Datagrid>
    </List>
  );
}
