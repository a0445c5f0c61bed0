// The purchase's refund (SPEC §4, "Refunds"), admins only: where it stands, and the
// "Reembolsar" action on a paid purchase — by its provider, or a transfer back with its
// reference. A purchase flagged for refund (paid when no numbers remained) says so first.
// The api decides everything (who, whether, how); this only asks and shows its answer.
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatDateTime,
  formatUsd,
  PAYMENT_METHOD_LABELS,
  REFUND_TEXTS as T,
  refundRequestSchema,
  type PaymentMethod,
  type Refund,
} from '@vag/contracts';
import { useState } from 'react';
import { usePermissions, useRefresh, useTranslate } from 'react-admin';
import { errorMessage, useToast } from '../common/useToast';
import { useVagApi } from '../common/useVagApi';

interface RefundedPurchase {
  status: string;
  paymentMethod: string;
  totalPrice: number;
}

function RefundDialog({
  purchaseId,
  purchase,
  onClose,
}: {
  purchaseId: string;
  purchase: RefundedPurchase;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const api = useVagApi();
  const toast = useToast();
  const refresh = useRefresh();
  const queries = useQueryClient();
  const [reason, setReason] = useState('');
  const [reference, setReference] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const transfer = purchase.paymentMethod === 'bank_transfer';

  const submit = async () => {
    const parsed = refundRequestSchema.safeParse({
      reason,
      ...(transfer ? { transferReference: reference } : {}),
    });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? null);
    if (transfer && !parsed.data.transferReference) return setProblem(T.errors.transferReference);
    setProblem(null);
    setSending(true);
    try {
      const answer = await api.call<{ msg: string }>(
        'POST',
        `/purchases/${encodeURIComponent(purchaseId)}/refund`,
        parsed.data,
      );
      toast({ title: T.title, description: answer.msg });
      await queries.invalidateQueries({ queryKey: ['refund', purchaseId] });
      refresh();
      onClose();
    } catch (error) {
      setProblem(errorMessage(error, translate('vag.common.unknown')));
      await queries.invalidateQueries({ queryKey: ['refund', purchaseId] });
    } finally {
      setSending(false);
    }
  };

  const provider =
    PAYMENT_METHOD_LABELS[purchase.paymentMethod as PaymentMethod] ?? purchase.paymentMethod;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-label={T.title}>
      <DialogTitle>{T.title}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {transfer ? T.transferHint : T.providerHint(provider, purchase.totalPrice)}
        </Typography>
        <TextField
          autoFocus
          fullWidth
          multiline
          size="small"
          label={T.reason}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          sx={{ mb: 2 }}
        />
        {transfer && (
          <TextField
            fullWidth
            size="small"
            label={T.transferReference}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
          />
        )}
        {problem && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {problem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" color="error" disabled={sending} onClick={() => void submit()}>
          {T.confirm} {formatUsd(purchase.totalPrice)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function RefundState({ refund }: { refund: Refund }) {
  if (refund.state === 'claimed')
    return (
      <Alert severity="warning">
        {T.claimed}
        {refund.lastError ? ` (${refund.lastError})` : ''}
      </Alert>
    );
  return (
    <Alert severity="info" data-testid="refund-done">
      {T.refunded(refund.amount, formatDateTime(refund.doneAt ?? refund.createdAt))} ·{' '}
      {refund.providerRef} · {refund.requestedBy} · {refund.reason}
      {refund.creditNoteId ? ` · ${T.creditNote}` : ''}
    </Alert>
  );
}

function AdminRefund({ purchaseId, purchase }: { purchaseId: string; purchase: RefundedPurchase }) {
  const api = useVagApi();
  const [open, setOpen] = useState(false);
  const { data } = useQuery({
    queryKey: ['refund', purchaseId],
    queryFn: () =>
      api.call<{ refund: Refund | null }>(
        'GET',
        `/purchases/${encodeURIComponent(purchaseId)}/refund`,
      ),
  });
  const refund = data?.refund ?? null;
  const paid = purchase.status === 'COMPLETED' || purchase.status === 'REFUND_REQUIRED';
  if (!paid && !refund) return null;
  return (
    <Box sx={{ gridColumn: '1 / -1', display: 'grid', gap: 1 }} data-testid="refund-block">
      {purchase.status === 'REFUND_REQUIRED' && refund?.state !== 'done' && (
        <Alert severity="error">{T.flagged}</Alert>
      )}
      {refund && <RefundState refund={refund} />}
      {refund?.state !== 'done' && (
        <Box>
          <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
            {T.action}
          </Button>
        </Box>
      )}
      {open && (
        <RefundDialog purchaseId={purchaseId} purchase={purchase} onClose={() => setOpen(false)} />
      )}
    </Box>
  );
}

export function RefundBlock(props: { purchaseId: string; purchase: RefundedPurchase }) {
  const { permissions } = usePermissions<string | null>();
  return permissions === 'admin' ? <AdminRefund {...props} /> : null;
}
