// Staff actions on one purchase (mounted under /api/purchases beside the read routes):
// confirming or rejecting a bank transfer, its receipts, and the notification status with
// its re-send buttons.
import {
  AUDIT_TEXTS,
  confirmTransferSchema,
  idParamSchema,
  notificationChannelSchema,
  ORDER_MESSAGES,
  PERMISSIONS,
  receiptParamsSchema,
  rejectTransferSchema,
  SERVER,
} from '@vag/contracts';
import { Hono } from 'hono';
import { ALL_STAFF, requireStaff } from '../../auth';
import type { AppDeps, AppEnv, StaffUser } from '../../context';
import { appendAudit } from '@vag/core/db/audit-log';
import { getPurchase, type PurchaseDoc } from '@vag/core/db/purchases';
import { notificationStates, requestResend } from '@vag/core/db/notifications';
import { apiError } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { rejectReceipt } from '@vag/core/db/order-review';
import { readReceiptFile } from '@vag/core/db/receipts';
import { confirmTransfer } from '../../payments/confirm-transfer';
import { republishNumbersAssigned } from '@vag/core/pipeline/notify-again';
import { kickRelay } from '@vag/core/pipeline/relay';
import { purchaseToReview } from './review-permissions';

const resendParams = idParamSchema.extend({ channel: notificationChannelSchema });

/** The purchase a staff member may act on: resellers only their own (by referral code). */
async function purchaseFor(deps: AppDeps, staff: StaffUser, id: string): Promise<PurchaseDoc> {
  const purchase = await getPurchase(deps.db, id);
  if (
    !purchase ||
    (staff.role !== 'admin' && (!staff.code || purchase.resellerCode !== staff.code))
  ) {
    throw apiError(404, SERVER.purchaseNotFound);
  }
  return purchase;
}

export const purchaseActionsRouter = new Hono<AppEnv>()
  .patch(
    '/:id/confirm-transfer',
    requireStaff(ALL_STAFF, PERMISSIONS.confirmTransfers),
    validate('param', idParamSchema),
    validate('json', confirmTransferSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const purchase = await purchaseToReview(c.get('deps'), c.get('staff'), id);
      const answer = await confirmTransfer(
        c.get('deps'),
        purchase,
        c.req.valid('json'),
        c.get('staff'),
      );
      return c.json(answer);
    },
  )
  .post(
    '/:id/reject-transfer',
    requireStaff(ALL_STAFF, PERMISSIONS.confirmTransfers),
    validate('param', idParamSchema),
    validate('json', rejectTransferSchema),
    async (c) => {
      const deps = c.get('deps');
      const { id } = c.req.valid('param');
      const purchase = await purchaseToReview(deps, c.get('staff'), id);
      if (purchase.paymentMethod !== 'bank_transfer') throw apiError(400, SERVER.notBankTransfer);
      const { reason } = c.req.valid('json');
      const rejected = await rejectReceipt(deps.db, id, reason, c.get('staff').email);
      if (!rejected) throw apiError(409, ORDER_MESSAGES.notRejectable);
      await appendAudit(deps.db, {
        actor: c.get('staff'),
        action: 'payment.rejected',
        description: AUDIT_TEXTS.paymentRejected(purchase.orderCode ?? id, reason),
        purchaseId: id,
        raffleId: purchase.raffleId,
      });
      kickRelay(deps, id);
      return c.json({ msg: ORDER_MESSAGES.rejected, reviewLog: rejected.reviewLog ?? [] });
    },
  )
  .get(
    '/:id/receipts/:receiptId',
    requireStaff(ALL_STAFF, PERMISSIONS.viewPurchases),
    validate('param', receiptParamsSchema),
    async (c) => {
      const deps = c.get('deps');
      const { id, receiptId } = c.req.valid('param');
      const purchase = await purchaseFor(deps, c.get('staff'), id);
      const file = (purchase.receipts ?? []).some((r) => r.id === receiptId)
        ? await readReceiptFile(deps.db, receiptId)
        : null;
      if (!file || file.purchaseId !== id) throw apiError(404, ORDER_MESSAGES.receiptNotFound);
      return c.body(new Uint8Array(file.data), 200, {
        'content-type': file.contentType,
        'content-disposition': `inline; filename="comprobante-${purchase.orderCode ?? id}-${receiptId.slice(0, 8)}"`,
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      });
    },
  )
  .get(
    '/:id/notifications',
    requireStaff(ALL_STAFF, PERMISSIONS.viewPurchases),
    validate('param', idParamSchema),
    async (c) => {
      const purchase = await purchaseFor(c.get('deps'), c.get('staff'), c.req.valid('param').id);
      return c.json(notificationStates(purchase));
    },
  )
  .post(
    '/:id/notifications/:channel/resend',
    requireStaff(ALL_STAFF, PERMISSIONS.viewPurchases),
    validate('param', resendParams),
    async (c) => {
      const { id, channel } = c.req.valid('param');
      const deps = c.get('deps');
      const purchase = await purchaseFor(deps, c.get('staff'), id);
      if (purchase.status !== 'COMPLETED' || !purchase.numbersAssignedAt)
        throw apiError(409, SERVER.purchaseNotCompleted);
      await requestResend(deps.db, id, channel);
      await republishNumbersAssigned(deps, purchase);
      const updated = await getPurchase(deps.db, id);
      return c.json(
        { msg: SERVER.notificationResent, notifications: notificationStates(updated ?? purchase) },
        202,
      );
    },
  );
