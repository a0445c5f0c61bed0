// Staff actions on one purchase (mounted under /api/purchases beside the read routes):
// confirming a bank transfer, and the notification status with its re-send buttons.
import {
  confirmTransferSchema,
  idParamSchema,
  notificationChannelSchema,
  PERMISSIONS,
  SERVER,
} from '@vag/contracts';
import { Hono } from 'hono';
import { ALL_STAFF, requireStaff } from '../../auth';
import type { AppDeps, AppEnv, StaffUser } from '../../context';
import { getPurchase, type PurchaseDoc } from '../../db/purchases';
import { notificationStates, requestResend } from '../../db/notifications';
import { apiError } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { confirmTransfer } from '../../payments/confirm-transfer';
import { republishNumbersAssigned } from '../../pipeline/notify-again';

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
      await purchaseFor(c.get('deps'), c.get('staff'), id);
      const answer = await confirmTransfer(c.get('deps'), id, c.req.valid('json'), c.get('staff'));
      return c.json(answer);
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
