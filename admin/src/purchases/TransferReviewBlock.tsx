// A transfer's review in the Detalles dialog: the order code, the receipts the buyer sent
// (images inline and full size on a click, PDFs opened in a new tab; earlier ones stay
// listed), who confirmed or rejected and when, and the rejection with a reason (at least
// 5 characters) that the buyer gets by e-mail and SMS. Whether the bank statement already
// has the transfer comes first: staff confirm from the bank's line, not from a picture.
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  TextField,
  Typography,
} from '@mui/material';
import {
  formatDateTime,
  formatUsd,
  ORDER_MESSAGES,
  rejectTransferSchema,
  type PurchaseBankLine,
  type ReviewPermission,
  type ShortPayment,
} from '@vag/contracts';
import { useEffect, useState } from 'react';
import { useRefresh, useTranslate } from 'react-admin';
import { errorMessage, useToast } from '../common/useToast';
import { useVagApi } from '../common/useVagApi';
import { BankLineNote } from '../bank-statements/BankLineNote';
import { rawFetch } from '../http';

interface Receipt {
  id: string;
  contentType: string;
  size: number;
  uploadedAt: string;
}
interface ReviewEntry {
  action: 'confirmed' | 'rejected';
  by: string;
  at: string;
  reason?: string;
}
export interface ReviewedPurchase {
  _id?: string;
  orderCode?: string;
  receipts?: Receipt[];
  reviewLog?: ReviewEntry[];
  review?: { state: string; reason?: string };
  status: string;
  totalPrice?: number;
  bankLine?: PurchaseBankLine;
  shortPayment?: ShortPayment;
}

/** What bank lines left unpaid of the order, in dollars (SPEC §4, "Short payments"). */
export function shortPaymentMissing(
  purchase: Pick<ReviewedPurchase, 'totalPrice' | 'shortPayment'>,
): number {
  if (!purchase.shortPayment) return 0;
  return (
    Math.max(
      0,
      Math.round((purchase.totalPrice ?? 0) * 100) - purchase.shortPayment.receivedCents,
    ) / 100
  );
}

/** The receipt's bytes fetched with the staff token, as a local URL. */
function useReceiptUrl(purchaseId: string, receipt: Receipt): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    rawFetch(`/api/purchases/${encodeURIComponent(purchaseId)}/receipts/${receipt.id}`, {
      headers: { Accept: receipt.contentType },
    })
      .then((res) => res.blob())
      .then((blob) => setUrl((made = URL.createObjectURL(blob))))
      .catch(() => setUrl(null));
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [purchaseId, receipt.id, receipt.contentType]);
  return url;
}

/**
 * A click on the preview (or its button) opens the receipt at full size in a dialog: a
 * phone's 1080×1920 photo cannot be read at 202×360.
 */
function ReceiptImage({ url, label }: { url: string; label: string }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <img
        src={url}
        alt={label}
        onClick={() => setOpen(true)}
        style={{ maxWidth: '100%', maxHeight: 360, display: 'block', cursor: 'zoom-in' }}
      />
      <Button size="small" onClick={() => setOpen(true)}>
        {translate('vag.purchase.openReceipt')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth={false} aria-label={label}>
        <DialogContent sx={{ p: 1 }}>
          <img
            src={url}
            alt={`${label} (${translate('vag.purchase.fullSize')})`}
            style={{ display: 'block', maxWidth: '100%' }}
          />
        </DialogContent>
        <DialogActions>
          <Button href={url} target="_blank" rel="noopener">
            {translate('vag.purchase.openInTab')}
          </Button>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function ReceiptView({
  purchaseId,
  receipt,
  n,
}: {
  purchaseId: string;
  receipt: Receipt;
  n: number;
}) {
  const translate = useTranslate();
  const url = useReceiptUrl(purchaseId, receipt);
  const label = `${translate('vag.review.receipt')} ${n} · ${formatDateTime(receipt.uploadedAt)}`;
  if (!url) return <Typography variant="body2">{label}</Typography>;
  return receipt.contentType === 'application/pdf' ? (
    <Button href={url} target="_blank" rel="noopener" sx={{ justifyContent: 'flex-start' }}>
      {label} (PDF)
    </Button>
  ) : (
    <Box>
      <Typography variant="body2">{label}</Typography>
      <ReceiptImage url={url} label={label} />
    </Box>
  );
}

function RejectForm({ purchaseId, onRejected }: { purchaseId: string; onRejected: () => unknown }) {
  const translate = useTranslate();
  const toast = useToast();
  const api = useVagApi();
  const refresh = useRefresh();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const reject = async () => {
    const parsed = rejectTransferSchema.safeParse({ reason });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? null);
    setProblem(null);
    try {
      const answer = await api.call<{ msg: string }>(
        'POST',
        `/purchases/${encodeURIComponent(purchaseId)}/reject-transfer`,
        parsed.data,
      );
      toast({ title: translate('vag.review.rejectedTitle'), description: answer.msg });
      setReason('');
      refresh();
      await onRejected();
    } catch (error) {
      toast({
        title: translate('vag.review.rejectError'),
        description: errorMessage(error, translate('vag.common.unknown')),
        type: 'error',
      });
    }
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <TextField
        size="small"
        label={translate('vag.review.reason')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={problem !== null}
        helperText={problem ?? ' '}
        sx={{ flex: '1 1 260px' }}
      />
      <Button variant="outlined" color="error" onClick={() => void reject()}>
        {translate('vag.review.reject')}
      </Button>
    </Box>
  );
}

export function TransferReviewBlock({
  purchase,
  id,
  onChanged,
  permission,
}: {
  purchase: ReviewedPurchase;
  id: string;
  /** Reloads the dialog's purchase after a rejection. */
  onChanged: () => unknown;
  /** Whether this staff member may reject (undefined while the api is asked). */
  permission: ReviewPermission | undefined;
}) {
  const translate = useTranslate();
  const receipts = purchase.receipts ?? [];
  const log = purchase.reviewLog ?? [];
  const missing = shortPaymentMissing(purchase);
  return (
    <Box sx={{ gridColumn: '1 / -1', overflowWrap: 'anywhere' }} data-testid="transfer-review">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {translate('vag.review.title')}
      </Typography>
      {purchase.orderCode && (
        <Typography>
          {translate('vag.review.orderCode')}: <strong>{purchase.orderCode}</strong>
        </Typography>
      )}
      {purchase.status === 'PENDING' && (
        <BankLineNote bankLine={purchase.bankLine} total={purchase.totalPrice} />
      )}
      {purchase.status === 'PENDING' && missing > 0 && (
        <Typography color="error" sx={{ fontWeight: 700 }} data-testid="short-payment">
          {ORDER_MESSAGES.shortPayment(formatUsd(missing))}
        </Typography>
      )}
      {receipts.length === 0 ? (
        <Typography color="text.secondary">{translate('vag.review.noReceipts')}</Typography>
      ) : (
        receipts.map((r, i) => <ReceiptView key={r.id} purchaseId={id} receipt={r} n={i + 1} />)
      )}
      {log.map((entry) => (
        <Typography key={`${entry.action}-${entry.at}`} variant="body2">
          {translate(`vag.review.${entry.action}`)} · {entry.by} · {formatDateTime(entry.at)}
          {entry.reason ? ` · ${entry.reason}` : ''}
        </Typography>
      ))}
      {purchase.status === 'PENDING' && permission?.canReview && (
        <RejectForm purchaseId={id} onRejected={onChanged} />
      )}
      {purchase.status === 'PENDING' && permission && !permission.canReview && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {permission.reason}
        </Typography>
      )}
    </Box>
  );
}
