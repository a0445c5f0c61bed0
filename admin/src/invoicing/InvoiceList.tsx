// Facturas (admin only): every factura and nota de crédito with its state in the SRI and
// the SRI's own messages; a returned or refused one has its buyer's data corrected and is
// re-issued from its row. The toolbar exports a month (the authorized XMLs and an Excel
// summary) for the accountant.
import {
  Box,
  Button,
  Card,
  CardContent,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import {
  INVOICE_KINDS,
  INVOICE_STATUSES,
  formatDateTime,
  formatUsd,
  invoiceNumber,
  type Invoice,
} from '@vag/contracts';
import { useState } from 'react';
import {
  Datagrid,
  FunctionField,
  List,
  Pagination,
  SelectInput,
  TopToolbar,
  useListContext,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { errorMessage, useToast } from '../common/useToast';
import { useVagApi } from '../common/useVagApi';
import { reissue } from './api';
import { BuyerCorrection } from './BuyerCorrection';
import { currentMonth, recentMonths } from './months';
import { InvoiceStatusChip, SriMessages } from './InvoiceStatus';

type Row = Invoice & RaRecord;
const PAGE_SIZE = 25;

function useT() {
  const translate = useTranslate();
  return (key: string, options?: Record<string, unknown>) =>
    translate(`vag.invoicing.list.${key}`, options);
}

function ExportMonth() {
  const t = useT();
  const api = useVagApi();
  const toast = useToast();
  const [month, setMonth] = useState(currentMonth());
  const months = recentMonths();
  const download = async () => {
    try {
      await api.download(
        `/admin/invoices/export?month=${encodeURIComponent(month)}`,
        `comprobantes-${month}.zip`,
      );
    } catch (error) {
      toast({ title: t('exportError'), description: errorMessage(error, ''), type: 'error' });
    }
  };
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      <TextField
        select
        size="small"
        label={t('exportLabel')}
        value={month}
        onChange={(e) => setMonth(e.target.value)}
        sx={{ minWidth: 200 }}
      >
        {months.map((m) => (
          <MenuItem key={m.id} value={m.id}>
            {m.name}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="contained" onClick={() => void download()} title={t('exportHint')}>
        {t('exportMonth')}
      </Button>
    </TopToolbar>
  );
}

function RowActions({ row }: { row: Row }) {
  const t = useT();
  const refresh = useRefresh();
  const toast = useToast();
  const [correcting, setCorrecting] = useState(false);
  if (row.status !== 'devuelta' && row.status !== 'no_autorizada') return null;
  const send = async () => {
    try {
      toast({ title: (await reissue(row.id)).msg });
      refresh();
    } catch (error) {
      toast({ title: t('reissueError'), description: errorMessage(error, ''), type: 'error' });
    }
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
      <Button size="small" variant="outlined" onClick={() => setCorrecting(true)}>
        {t('correct')}
      </Button>
      <Button size="small" variant="contained" onClick={() => void send()}>
        {t('reissue')}
      </Button>
      {correcting && (
        <BuyerCorrection
          invoice={row}
          onClose={() => setCorrecting(false)}
          onSaved={(msg) => {
            setCorrecting(false);
            toast({ title: msg });
            refresh();
          }}
        />
      )}
    </Stack>
  );
}

function Buyer({ row }: { row: Row }) {
  return (
    <Box>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {row.buyer.name}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {row.buyer.id} · {row.buyer.email}
      </Typography>
    </Box>
  );
}

/** On a phone each document is a card: the table's last columns would be off screen. */
function InvoiceCards() {
  const t = useT();
  const { data } = useListContext<Row>();
  return (
    <Stack spacing={1} sx={{ p: 1 }}>
      {data?.map((r) => (
        <Card key={r.id} variant="outlined" data-testid="invoice-card">
          <CardContent sx={{ '&:last-child': { pb: 2 } }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t(`kinds.${r.kind}`)} {invoiceNumber(r)}
              </Typography>
              <Typography variant="body2">{formatUsd(r.total)}</Typography>
            </Box>
            <Typography variant="caption" color="text.secondary" component="p">
              {formatDateTime(r.issuedAt)}
              {r.orderCode ? ` · ${r.orderCode}` : ''}
            </Typography>
            <Box sx={{ my: 1 }}>
              <Buyer row={r} />
            </Box>
            <Stack spacing={0.5} alignItems="flex-start" sx={{ mb: 1 }}>
              <InvoiceStatusChip status={r.status} />
              <SriMessages messages={r.messages} />
            </Stack>
            <RowActions row={r} />
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

export function InvoiceList() {
  const t = useT();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const filters = [
    <SelectInput
      key="status"
      source="status"
      label={t('status')}
      emptyText={t('allStatuses')}
      choices={INVOICE_STATUSES.map((s) => ({ id: s, name: t(`statuses.${s}`) }))}
      alwaysOn
    />,
    <SelectInput
      key="kind"
      source="kind"
      label={t('kind')}
      choices={INVOICE_KINDS.map((k) => ({ id: k, name: t(`kinds.${k}`) }))}
    />,
    <SelectInput
      key="month"
      source="month"
      label={t('month')}
      emptyText={t('allMonths')}
      choices={recentMonths()}
      alwaysOn
    />,
  ];
  return (
    <List
      title={t('title')}
      perPage={PAGE_SIZE}
      filters={filters}
      actions={<ExportMonth />}
      pagination={<Pagination rowsPerPageOptions={[PAGE_SIZE, 50, 100]} />}
      empty={
        <Box sx={{ p: 2 }}>
          <Typography color="text.secondary">{t('empty')}</Typography>
          <ExportMonth />
        </Box>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 2 }}>
        {t('intro')}
      </Typography>
      {phone ? (
        <InvoiceCards />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <FunctionField label={t('issuedAt')} render={(r: Row) => formatDateTime(r.issuedAt)} />
          <FunctionField
            label={t('number')}
            render={(r: Row) => (
              <Box>
                <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                  {invoiceNumber(r)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {t(`kinds.${r.kind}`)}
                </Typography>
              </Box>
            )}
          />
          <FunctionField label={t('order')} render={(r: Row) => r.orderCode ?? ''} />
          <FunctionField label={t('buyer')} render={(r: Row) => <Buyer row={r} />} />
          <FunctionField label={t('total')} render={(r: Row) => formatUsd(r.total)} />
          <FunctionField
            label={t('status')}
            render={(r: Row) => (
              <Stack spacing={0.5} alignItems="flex-start">
                <InvoiceStatusChip status={r.status} />
                <SriMessages messages={r.messages} />
              </Stack>
            )}
          />
          <FunctionField label="" render={(r: Row) => <RowActions row={r} />} />
        </Datagrid>
      )}
    </List>
  );
}
