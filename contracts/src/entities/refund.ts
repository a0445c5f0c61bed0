// Refunds (SPEC §4, "Refunds"): an admin gives a paid purchase's money back, by the
// provider that took it (Stripe, PayPal, PayPhone) or by a transfer back recorded with its
// reference. One refund per purchase, for its whole amount; the purchase keeps its numbers
// as the buyer's record, marked refunded and out of the draw (DESIGN I1–I3).
import { z } from 'zod';
import { idSchema, isoDateTimeSchema, paymentMethodSchema } from '../common';
import { formatUsd } from '../helpers/money';

export const REFUND_STATES = [
  /** Claimed before the provider was asked: asking again repeats the same call (its idempotency key). */
  'claimed',
  /** The money went back. */
  'done',
] as const;
export type RefundState = (typeof REFUND_STATES)[number];

export const refundSchema = z.object({
  purchaseId: idSchema,
  orderCode: z.string(),
  method: paymentMethodSchema,
  amount: z.number(),
  reason: z.string(),
  state: z.enum(REFUND_STATES),
  /** The provider's refund id, or the reference of the transfer back. */
  providerRef: z.string().nullable(),
  requestedBy: z.string(),
  createdAt: isoDateTimeSchema,
  doneAt: isoDateTimeSchema.nullable(),
  /** The last provider failure, while the refund is only claimed. */
  lastError: z.string().nullable(),
  /** The nota de crédito drafted for the purchase's authorized factura, when there was one. */
  creditNoteId: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

const reasonSchema = z
  .string({ error: 'Escribe el motivo del reembolso.' })
  .trim()
  .min(5, { error: 'Escribe el motivo del reembolso (al menos 5 caracteres).' })
  .max(300, { error: 'El motivo puede tener hasta 300 caracteres.' });

/** POST /purchases/{id}/refund. `transferReference`: required for a bank transfer (the transfer back). */
export const refundRequestSchema = z.object({
  reason: reasonSchema,
  transferReference: z
    .string()
    .trim()
    .min(4, { error: 'Escribe la referencia de la transferencia de vuelta.' })
    .max(60, { error: 'La referencia puede tener hasta 60 caracteres.' })
    .optional(),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

export const refundResponseSchema = z.object({ refund: refundSchema, msg: z.string() });
/** GET /purchases/{id}/refund: the refund, or null when none was asked. */
export const refundStateSchema = z.object({ refund: refundSchema.nullable() });

export const REFUND_TEXTS = {
  action: 'Reembolsar',
  title: 'Reembolsar la compra',
  flagged: 'Esta compra está marcada para reembolso.',
  reason: 'Motivo',
  transferReference: 'Referencia de la transferencia de vuelta',
  transferHint:
    'Haz la transferencia de vuelta desde tu banca en línea y escribe aquí su referencia.',
  providerHint: (provider: string, amount: number) =>
    `Se pedirá a ${provider} que devuelva ${formatUsd(amount)} al medio con que se pagó.`,
  confirm: 'Reembolsar',
  done: (orderCode: string, amount: number) =>
    `Compra ${orderCode} reembolsada: ${formatUsd(amount)}. Sus números quedan marcados como reembolsados y fuera del sorteo.`,
  refunded: (amount: number, at: string) => `Reembolsada: ${formatUsd(amount)} el ${at}`,
  claimed: 'Reembolso en curso: el proveedor no confirmó la devolución. Vuelve a intentarlo.',
  creditNote: 'Se emitió la nota de crédito de su factura.',
  audit: (orderCode: string, amount: number, how: string, reason: string) =>
    `Compra ${orderCode} reembolsada (${formatUsd(amount)}, ${how}). Motivo: ${reason}`,
  errors: {
    notFound: 'Compra no encontrada.',
    notPaid: 'Solo se puede reembolsar una compra pagada.',
    saleClosed:
      'La venta de esta rifa ya cerró y su lista de vendidos está publicada: reembolsa después del sorteo.',
    transferReference: 'Escribe la referencia de la transferencia de vuelta.',
    provider: (detail: string) =>
      `El proveedor no hizo la devolución: ${detail}. No se devolvió nada dos veces; puedes volver a intentarlo.`,
    noCredentials: 'El medio de pago de esta compra no está configurado en Ajustes.',
  },
} as const;
