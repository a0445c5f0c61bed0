// Historial de Compras: 10 per page, raffle, search and method filters, SPEC §2's columns
// with the raffle's, and the Detalles dialog. Resellers get only their own purchases (the api filters by their code).
import { Box, Card, CardContent, Chip, Typography } from '@mui/material';
import {
  PAGE_SIZE,
  PAYMENT_METHOD_LABELS,
  adminDisplayStatus,
  formatDateTime,
  formatCount,
  formatUsd,
  truncateId,
  type PaymentMethod,
  type Purchase,
  type PurchaseBankLine,
} from '@vag/contracts';
import { useState } from 'react';
import { Datagrid, FunctionField, List, useTranslate, type RaRecord } from 'react-admin';
import { BankLineNote } from '../bank-statements/BankLineNote';
import { useToast } from '../common/useToast';
import { PurchaseDetails } from './PurchaseDetails';
import { PurchaseDetailsButton } from './PurchaseDetailsButton';
import { PurchaseFilters } from './PurchaseFilters';
import { PurchasePagination } from './PurchasePagination';

type Row = Purchase & RaRecord;

function EmptyText({ filtered }: { filtered: boolean }) {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 3, textAlign: 'center' }}>
      <Typography color="text.secondary">
        {translate(filtered ? 'vag.purchases.emptyFiltered' : 'vag.purchases.empty')}
      </Typography>
    </Box>
  );
}

function EmptyList() {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2, width: '100%' }}>
      <CardContent>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {translate('vag.purchases.title')}
        </Typography>
        <EmptyText filtered={false} />
      </CardContent>
    </Card>
  );
}

// Ten columns: narrower cell padding keeps 'Detalles' in view beside the menu at 1366 px,
// and the action column stays pinned at the right edge should the table ever scroll.
const DATAGRID_SX = {
  // Wider than the screen (a phone, a narrow window): the table scrolls, never cut off.
  '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
  '& .RaDatagrid-headerCell, & .RaDatagrid-rowCell': { px: 1 },
  '& .RaDatagrid-rowCell:last-of-type, & .RaDatagrid-headerCell:last-of-type': {
    whiteSpace: 'nowrap',
    position: 'sticky',
    right: 0,
    bgcolor: 'background.paper',
    zIndex: 1,
    // Over a scrolled table, a shadow says there is more beneath it.
    boxShadow: '-6px 0 6px -6px rgba(0, 0, 0, 0.25)',
  },
};

/** One line cut with an ellipsis; the whole text in its title (a long name never widens the table). */
const ONE_LINE = {
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

function BuyerCell({ r }: { r: Row }) {
  const name = `${r.buyer?.firstName ?? ''} ${r.buyer?.lastName ?? ''}`.trim();
  return (
    <Box sx={{ maxWidth: 160 }}>
      <Typography variant="body2" title={name} sx={ONE_LINE}>
        {name}
      </Typography>
      <Typography variant="caption" color="text.secondary" title={r.buyer?.email} sx={ONE_LINE}>
        {r.buyer?.email}
      </Typography>
    </Box>
  );
}

const statusColor = { COMPLETADO: 'success', RECIBIDO: 'info', PENDIENTE: 'warning' } as const;

export function PurchaseList() {
  const translate = useTranslate();
  const toast = useToast();
  const t = (key: string) => translate(`vag.purchases.${key}`);
  // The purchase whose Detalles dialog is open; kept here so the dialog outlives its row.
  const [details, setDetails] = useState<{ id: string; bankLine?: PurchaseBankLine } | null>(null);
  return (
    <>
      <List
        title={t('title')}
        perPage={PAGE_SIZE}
        sort={{ field: 'createdAt', order: 'DESC' }}
        actions={false}
        pagination={<PurchasePagination />}
        empty={<EmptyList />}
        queryOptions={{
          onError: () =>
            toast({
              title: t('loadErrorTitle'),
              description: t('loadError'),
              type: 'error',
            }),
        }}
      >
        <PurchaseFilters />
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          empty={<EmptyText filtered />}
          sx={DATAGRID_SX}
        >
          <FunctionField
            label={t('orderCodeAndId')}
            render={(r: Row) => (
              // The order code staff and buyers say, over SPEC §2's short ID: one column.
              <Box sx={{ whiteSpace: 'nowrap' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {r.orderCode ?? '—'}
                </Typography>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  component="code"
                  title={String(r._id ?? r.id)}
                >
                  {truncateId(String(r._id ?? r.id))}
                </Typography>
              </Box>
            )}
          />
          <FunctionField
            label={t('raffle')}
            render={(r: Row) => (
              <Typography variant="body2" title={r.raffleName} sx={{ ...ONE_LINE, maxWidth: 110 }}>
                {r.raffleName}
              </Typography>
            )}
          />
          <FunctionField label={t('buyer')} render={(r: Row) => <BuyerCell r={r} />} />
          <FunctionField label={t('reseller')} render={(r: Row) => r.resellerCode || t('direct')} />
          <FunctionField label={t('quantity')} render={(r: Row) => formatCount(r.quantity)} />
          <FunctionField label={t('total')} render={(r: Row) => formatUsd(r.totalPrice)} />
          <FunctionField
            label={t('method')}
            render={(r: Row) =>
              PAYMENT_METHOD_LABELS[r.paymentMethod as PaymentMethod] ?? r.paymentMethod
            }
          />
          <FunctionField
            label={t('status')}
            render={(r: Row) => {
              const status = adminDisplayStatus(r);
              // A refunded purchase keeps its numbers (SPEC §4, "Refunds"): said, not hidden.
              if (r.refund) return <Chip size="small" variant="outlined" label={t('refunded')} />;
              const chip = <Chip size="small" color={statusColor[status]} label={status} />;
              // An open transfer says whether the bank statement already has it.
              if (r.paymentMethod !== 'bank_transfer' || r.status !== 'PENDING') return chip;
              return (
                <Box sx={{ maxWidth: 150 }}>
                  {chip}
                  <BankLineNote bankLine={r.bankLine} total={r.totalPrice} variant="caption" />
                </Box>
              );
            }}
          />
          <FunctionField
            label={t('date')}
            render={(r: Row) => {
              // Day over time: two short lines keep the ten columns within 1366 px.
              const [day, time] = formatDateTime(r.createdAt).split(' ');
              return (
                <Box sx={{ whiteSpace: 'nowrap' }}>
                  <Typography variant="body2">{day}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {time}
                  </Typography>
                </Box>
              );
            }}
          />
          <FunctionField
            label={translate('vag.common.actions')}
            render={(r: Row) => (
              <PurchaseDetailsButton
                onOpen={() =>
                  setDetails({ id: String(r.id), ...(r.bankLine ? { bankLine: r.bankLine } : {}) })
                }
              />
            )}
          />
        </Datagrid>
      </List>
      {details && (
        <PurchaseDetails
          id={details.id}
          bankLine={details.bankLine}
          onClose={() => setDetails(null)}
        />
      )}
    </>
  );
}
