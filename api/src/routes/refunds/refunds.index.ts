// Refunds of a purchase (SPEC §4, "Refunds"), admins only: the refund as it stands, and
// the action that gives the money back (core/src/refunds/refund-purchase.ts).
import {
  idParamSchema,
  PERMISSIONS,
  REFUND_TEXTS,
  refundRequestSchema,
  refundResponseSchema,
  refundStateSchema,
} from '@vag/contracts';
import { getRefund } from '@vag/core/db/refunds';
import { RefundError, refundPurchase, refundView } from '@vag/core/refunds/refund-purchase';
import { Hono } from 'hono';
import { ADMIN_ONLY, requireStaff } from '../../auth';
import type { AppEnv } from '../../context';
import { apiError } from '../../lib/errors';
import { BY_ID, JSON_BODY, describe } from '../../lib/openapi';
import { validate } from '../../lib/validate';
import { providerRefund } from '../../payments/refund-providers';

export const refundsRouter = new Hono<AppEnv>()
  .get(
    '/:id/refund',
    describe({
      operationId: 'purchaseRefund',
      tag: 'purchases',
      summary: 'El reembolso de una compra, si se pidió.',
      response: refundStateSchema,
      errors: [...BY_ID, 403],
    }),
    requireStaff(ADMIN_ONLY, PERMISSIONS.confirmTransfers),
    validate('param', idParamSchema),
    async (c) => {
      const refund = await getRefund(c.get('deps').db, c.req.valid('param').id);
      return c.json({ refund: refund ? refundView(refund) : null });
    },
  )
  .post(
    '/:id/refund',
    describe({
      operationId: 'refundPurchase',
      tag: 'purchases',
      summary:
        'Devuelve el dinero de una compra pagada: por el proveedor (tarjeta, PayPal, PayPhone) o registrando la transferencia de vuelta.',
      response: refundResponseSchema,
      errors: [...JSON_BODY, 403, 404, 409, 502],
    }),
    requireStaff(ADMIN_ONLY, PERMISSIONS.confirmTransfers),
    validate('param', idParamSchema),
    validate('json', refundRequestSchema),
    async (c) => {
      const deps = c.get('deps');
      const staff = c.get('staff');
      const { reason, transferReference } = c.req.valid('json');
      try {
        const refund = await refundPurchase(
          deps,
          {
            purchaseId: c.req.valid('param').id,
            reason,
            transferReference,
            staff: { id: staff.id, email: staff.email },
          },
          providerRefund(deps),
        );
        return c.json({
          refund: refundView(refund),
          msg: REFUND_TEXTS.done(refund.orderCode, refund.amount),
        });
      } catch (error) {
        if (error instanceof RefundError) throw apiError(error.status, error.message);
        throw error;
      }
    },
  );
