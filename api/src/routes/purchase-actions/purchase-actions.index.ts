// Staff actions on one purchase (mounted under /api/purchases beside the read routes):
// confirming or rejecting a bank transfer, its receipts, and the notification status with
// its re-send buttons.
import {
  AUDIT_TEXTS,
  confirmTransferSchema,
  idParamSchema,
  ORDER_MESSAGES,
  PERMISSIONS,
  receiptParamsSchema,
  rejectTransferSchema,
  SERVER,
  confirmTransferResponseSchema,
  notificationParamsSchema,
  purchaseNotificationsSchema,
  rejectTransferResponseSchema,
  resendNotificationResponseSchema,
  reviewPermissionSchema,
  RECEIPT_TYPES,
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
import { onRequestPath } from '../../lib/route-facts';
import { confirmTransfer } from '../../payments/confirm-transfer';
import { republishNumbersAssigned } from '@vag/core/pipeline/notify-again';
import { kickRelay } from '@vag/core/pipeline/relay';
import { logReceiptViewed } from '../../privacy/access-log';
import { orderNoticeStates } from './notice-states';
import { purchaseToReview, reviewRefusal } from './review-permissions';
import { purchaseForStaff } from '../purchases/staff-scope';
import { BY_ID, JSON_BODY, describe } from '../../lib/openapi';

/** The purchase a staff member may act on: resellers only their own (by referral code). */
const purchaseFor = (deps: AppDeps, staff: StaffUser, id: string): Promise<PurchaseDoc> =>
  purchaseForStaff(deps.db, staff, id);

export const purchaseActionsRouter = new Hono<AppEnv>()
  .patch(
    '/:id/confirm-transfer',
    describe({
      operationId: 'confirmTransfer',
      tag: 'purchases',
      summary: 'Confirma una transferencia bancaria y asigna los números.',
      response: confirmTransferResponseSchema,
      errors: [...JSON_BODY, 403, 404, 409],
    }),
    onRequestPath(),
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
    describe({
      operationId: 'rejectTransfer',
      tag: 'purchases',
      summary:
        'Rechaza el comprobante con un motivo: el pedido vuelve a "Pendiente de pago" y se avisa al comprador.',
      response: rejectTransferResponseSchema,
      errors: [...JSON_BODY, 403, 404, 409],
    }),
    requireStaff(ALL_STAFF, PERMISSIONS.confirmTransfers),
    validate('param', idParamSchema),
    validate('json', rejectTransferSchema),
    async (c) => {
      const deps = c.get('deps');
      const { id } = c.req.valid('param');
      const purchase = await purchaseToReview(deps, c.get('staff'), id);
      if (purchase.paymentMethod !== 'bank_transfer') throw apiError(400, SERVER.notBankTransfer);
      const { reason } = c.req.valid('json');
      const rejected = await rejectReceipt(deps.db, id, { reason, by: c.get('staff').email });
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
    describe({
      operationId: 'getReceipt',
      tag: 'purchases',
      summary: 'El archivo de un comprobante de transferencia (JPEG, PNG o PDF).',
      response: null,
      produces: RECEIPT_TYPES,
      errors: [...BY_ID, 403],
    }),
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
      await logReceiptViewed(deps.db, c.get('staff'), purchase);
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
    describe({
      operationId: 'purchaseNotifications',
      tag: 'purchases',
      summary:
        'Estado del envío del e-mail y el SMS de una compra (los números) y de los mensajes del pedido antes del pago.',
      response: purchaseNotificationsSchema,
      errors: [...BY_ID, 403],
    }),
    requireStaff(ALL_STAFF, PERMISSIONS.viewPurchases),
    validate('param', idParamSchema),
    async (c) => {
      const purchase = await purchaseFor(c.get('deps'), c.get('staff'), c.req.valid('param').id);
      return c.json({ ...notificationStates(purchase), notices: orderNoticeStates(purchase) });
    },
  )
  // Asked before the dialog offers Confirmar/Rechazar, so nobody types a form that the
  // server would then refuse.
  .get(
    '/:id/review-permission',
    describe({
      operationId: 'purchaseReviewPermission',
      tag: 'purchases',
      summary:
        'Si quien consulta puede confirmar o rechazar la transferencia de esta compra, y por qué no.',
      response: reviewPermissionSchema,
      errors: [...BY_ID, 403],
    }),
    requireStaff(ALL_STAFF, PERMISSIONS.viewPurchases),
    validate('param', idParamSchema),
    async (c) => {
      const deps = c.get('deps');
      const staff = c.get('staff');
      const purchase = await purchaseFor(deps, staff, c.req.valid('param').id);
      const reason = await reviewRefusal(deps, staff, purchase);
      return c.json({ canReview: reason === null, reason });
    },
  )
  .post(
    '/:id/notifications/:channel/resend',
    describe({
      operationId: 'resendNotification',
      tag: 'purchases',
      summary: 'Reenvía el e-mail o el SMS con los números.',
      status: 202,
      response: resendNotificationResponseSchema,
      errors: [...BY_ID, 403, 409],
    }),
    requireStaff(ALL_STAFF, PERMISSIONS.viewPurchases),
    validate('param', notificationParamsSchema),
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
