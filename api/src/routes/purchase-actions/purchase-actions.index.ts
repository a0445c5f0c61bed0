// Staff actions on one purchase (mounted under /api/purchases beside the read routes):
// confirming a bank transfer, and the notification status with its re-send buttons.
import { confirmTransferSchema, idParamSchema, notificationChannelSchema, PERMISSIONS, SERVER } from '@vag/contracts';
import { Hono } from 'hono';
import { z } from 'zod';
import { ALL_STAFF, requireStaff } from '../../auth';
import type { AppEnv } from '../../context';
import { getPurchase } from '../../db/purchases';
import { notificationStates, requestResend } from '../../db/notifications';
import { apiError } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { confirmTransfer } from '../../payments/confirm-transfer';
import { republishNumbersAssigned } from '../../pipeline/notify-again';

const resendParams = idParamSchema.extend({ channel: notificationChannelSchema });

export const purchaseActionsRouter = new Hono<AppEnv>()
  .patch(
    '/:id/confirm-transfer',
    requireStaff(ALL_STAFF, PERMISSIONS.confirmTransfers),
    validate('param', idParamSchema),
    validate('json', confirmTransferSchema),
    async (c) => {
      const answer = await confirmTransfer(c.get('deps'), c.req.valid('param').id, c.req.valid('json'), c.get('staff'));
      return c.json(answer);
    },
  )
  .get('/:id/notifications', requireStaff(ALL_STAFF, PERMISSIONS.viewPurchases), validate('param', idParamSchema), async (c) => {
    const purchase = await getPurchase(c.get('deps').db, c.req.valid('param').id);
    if (!purchase) throw apiError(404, SERVER.purchaseNotFound);
    return c.json(notificationStates(purchase));
  })
  .post(
    '/:id/notifications/:channel/resend',
    requireStaff(ALL_STAFF, PERMISSIONS.viewPurchases),
    validate('param', resendParams),
    async (c) => {
      const { id, channel } = c.req.valid('param');
      const deps = c.get('deps');
      const purchase = await getPurchase(deps.db, id);
      if (!purchase) throw apiError(404, SERVER.purchaseNotFound);
      if (purchase.status !== 'COMPLETED' || !purchase.numbersAssignedAt) throw apiError(409, SERVER.purchaseNotCompleted);
      await requestResend(deps.db, id, channel);
      await republishNumbersAssigned(deps, purchase);
      const updated = await getPurchase(deps.db, id);
      return c.json({ msg: SERVER.notificationResent, notifications: notificationStates(updated ?? purchase) }, 202);
    },
  );

export type ResendParams = z.infer<typeof resendParams>;
