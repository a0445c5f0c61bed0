// The Detalles dialog (SPEC §2): purchase, buyer, order, reseller, payment block, granted
// numbers, notification status; unconfirmed transfers can be confirmed or their receipt
// rejected from here.
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import {
  PAYMENT_METHOD_LABELS,
  adminDisplayStatus,
  formatDateTime,
  formatCount,
  formatUsd,
  type PaymentMethod,
  type Purchase,
  type PurchaseBankLine,
} from '@vag/contracts';
import { useState } from 'react';
import { useGetOne, useTranslate } from 'react-admin';
import { ConfirmTransferForm } from './ConfirmTransferForm';
import { InfoBlock } from './InfoBlock';
import { NotificationStatusBlock } from './NotificationStatusBlock';
import { NumbersGrid } from './NumbersGrid';
import { PurchaseInvoice } from '../invoicing/PurchaseInvoice';
import { RefundBlock } from '../refunds/RefundBlock';
import { PaymentBlock } from './PaymentBlock';
import {
  shortPaymentMissing,
  TransferReviewBlock,
  type ReviewedPurchase,
} from './TransferReviewBlock';
import { useReviewPermission } from './useReviewPermission';

export function PurchaseDetails({
  id,
  bankLine,
  onClose,
}: {
  id: string;
  /** The list's answer names the bank line (the single purchase's does not). */
  bankLine?: PurchaseBankLine | undefined;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [confirming, setConfirming] = useState(false);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { data, isPending, refetch } = useGetOne<Purchase & { id: string }>('purchases', { id });
  const t = (key: string) => translate(`vag.purchase.${key}`);
  const unconfirmed =
    !!data && data.paymentMethod === 'bank_transfer' && adminDisplayStatus(data) === 'PENDIENTE';
  // Confirmar/Rechazar only for who the api lets act (a reseller per Ajustes, on their own
  // sales): nobody fills a form the server would refuse.
  const permission = useReviewPermission(id, unconfirmed);
  const canConfirm = unconfirmed && permission?.canReview === true;

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      fullScreen={phone}
      maxWidth="md"
      aria-labelledby="purchase-details-title"
    >
      <DialogTitle id="purchase-details-title">{t('title')}</DialogTitle>
      <DialogContent dividers>
        {isPending || !data ? (
          <CircularProgress />
        ) : confirming ? (
          <ConfirmTransferForm
            purchaseId={data._id ?? id}
            missing={shortPaymentMissing(data)}
            onBack={() => setConfirming(false)}
            onConfirmed={async () => {
              setConfirming(false);
              await refetch();
            }}
          />
        ) : (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <InfoBlock
              title={t('info')}
              rows={[
                ['ID', data._id ?? id],
                [t('createdAt'), formatDateTime(data.createdAt)],
                [translate('vag.purchases.status'), adminDisplayStatus(data)],
                [
                  translate('vag.purchases.method'),
                  PAYMENT_METHOD_LABELS[data.paymentMethod as PaymentMethod] ?? data.paymentMethod,
                ],
              ]}
            />
            <InfoBlock
              title={t('buyerInfo')}
              rows={[
                [t('name'), `${data.buyer?.firstName ?? ''} ${data.buyer?.lastName ?? ''}`.trim()],
                [t('email'), data.buyer?.email],
                [t('phone'), data.buyer?.phone],
                [t('country'), data.buyer?.country],
                [t('address'), data.buyer?.address],
                [t('city'), data.buyer?.city],
                [t('province'), data.buyer?.province],
                [t('document'), data.buyer?.document],
              ]}
            />
            <InfoBlock
              title={t('order')}
              rows={[
                [
                  t('package'),
                  data.packageId ? (data.packageData?.name ?? data.packageId) : t('custom'),
                ],
                [translate('vag.purchases.quantity'), formatCount(data.quantity)],
                [t('unitPrice'), formatUsd(data.unitPrice)],
                [translate('vag.purchases.total'), formatUsd(data.totalPrice)],
              ]}
            />
            <InfoBlock
              title={t('resellerInfo')}
              rows={[[t('code'), data.resellerCode || translate('vag.purchases.direct')]]}
            />
            <PaymentBlock purchase={data} />
            {data.paymentMethod === 'bank_transfer' && (
              <TransferReviewBlock
                purchase={{ ...(data as ReviewedPurchase), bankLine: data.bankLine ?? bankLine }}
                id={data._id ?? id}
                onChanged={refetch}
                permission={permission}
              />
            )}
            <NotificationStatusBlock
              purchaseId={data._id ?? id}
              paid={adminDisplayStatus(data) === 'COMPLETADO'}
            />
            <PurchaseInvoice purchaseId={data._id ?? id} />
            <RefundBlock purchaseId={data._id ?? id} purchase={data} />
            <Box sx={{ gridColumn: '1 / -1' }}>
              <NumbersGrid numbers={data.assignedNumbers ?? []} />
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {canConfirm && !confirming && (
          <Button variant="contained" color="success" onClick={() => setConfirming(true)}>
            {t('confirmTransfer')}
          </Button>
        )}
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
