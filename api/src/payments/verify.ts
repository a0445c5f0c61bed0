// The confirmation paths of SPEC §7. Each one asks the provider itself (never the
// browser), checks the amount, then settles through applyPayment (core's purchase
// lifecycle), so replays and races between paths (redirect + webhook) confirm a purchase once.
import { SERVER, toCents } from '@vag/contracts';
import type { AppDeps } from '../context';
import {
  claimPaymentRef,
  findPurchaseByClientTransaction,
  findPurchaseByPaypalOrder,
  findPurchaseByStripeSession,
  getPurchase,
  type PurchaseDoc,
} from '@vag/core/db/purchases';
import { apiError } from '../lib/errors';
import {
  applyPayment,
  recordAmountMismatch,
  type PaymentApplied,
} from '@vag/core/purchase-lifecycle/apply-payment';
import { paypalConfig, payphoneConfig, required, stripeConfig } from './credentials';
import { capturePayPalOrder } from './paypal';
import { providerErrorSummary } from '@vag/core/purchase-lifecycle/provider-error';
import { confirmPayPhone, isApproved } from './payphone';
import { retrieveSession, sessionState, verifyWebhook, type SessionState } from './stripe';

/** recordAmountMismatch, then the buyer's answer: 409 'El monto no coincide…'. */
async function refuseAmount(
  deps: AppDeps,
  purchase: PurchaseDoc,
  paid: number,
  provider: string,
): Promise<never> {
  await recordAmountMismatch(deps, purchase, paid, provider);
  throw apiError(409, SERVER.amountMismatch);
}

const settled = (p: PurchaseDoc) => p.status === 'COMPLETED' || p.status === 'REFUND_REQUIRED';

export async function capturePayPal(deps: AppDeps, orderId: string): Promise<PurchaseDoc> {
  const purchase = await findPurchaseByPaypalOrder(deps.db, orderId);
  if (!purchase) throw apiError(404, SERVER.purchaseNotFound);
  if (settled(purchase)) return purchase;
  const config = required(await paypalConfig(deps));
  const outcome = await capturePayPalOrder(config, orderId, purchase._id).catch(
    (error: unknown) => {
      deps.log.error(
        { provider: providerErrorSummary(error), purchaseId: purchase._id, orderId },
        'PayPal capture failed',
      );
      throw apiError(502, SERVER.providerError);
    },
  );
  if (outcome.kind === 'not_approved') {
    deps.log.warn(
      { purchaseId: purchase._id, orderId, issue: outcome.issue },
      'PayPal order not capturable',
    );
    throw apiError(409, SERVER.paymentNotApproved);
  }
  const { capture } = outcome;
  if (capture.status !== 'COMPLETED') throw apiError(409, SERVER.paymentPending);
  if (
    toCents(capture.amount) !== toCents(purchase.totalPrice) ||
    (capture.customId && capture.customId !== purchase._id)
  ) {
    return refuseAmount(deps, purchase, capture.amount, 'PayPal');
  }
  const { purchase: done } = await applyPayment(deps, purchase, {
    paypal: {
      orderId,
      status: 'COMPLETED',
      amount: capture.amount,
      currency: capture.currency,
      captureId: capture.captureId ?? undefined,
      completedAt: new Date(),
    },
  });
  return done;
}

async function settleStripeSession(
  deps: AppDeps,
  purchase: PurchaseDoc,
  state: SessionState,
): Promise<PaymentApplied> {
  if (state.amountCents !== toCents(purchase.totalPrice))
    return refuseAmount(deps, purchase, (state.amountCents ?? 0) / 100, 'Stripe');
  return applyPayment(deps, purchase, {
    card: {
      sessionId: state.sessionId,
      status: 'paid',
      completedAt: new Date(),
      paymentIntentId: state.paymentIntentId,
      amountTotal: state.amountCents,
    },
  });
}

export async function verifyStripe(deps: AppDeps, sessionId: string): Promise<PurchaseDoc> {
  const purchase = await findPurchaseByStripeSession(deps.db, sessionId);
  if (!purchase) throw apiError(404, SERVER.purchaseNotFound);
  if (settled(purchase)) return purchase;
  const config = required(await stripeConfig(deps));
  const state = await retrieveSession(config, sessionId).catch((error: unknown) => {
    deps.log.error(
      { provider: providerErrorSummary(error), purchaseId: purchase._id, sessionId },
      'Stripe session retrieve failed',
    );
    throw apiError(502, SERVER.providerError);
  });
  if (!state) throw apiError(404, SERVER.purchaseNotFound);
  if (!state.paid) throw apiError(409, SERVER.paymentPending);
  return (await settleStripeSession(deps, purchase, state)).purchase;
}

/**
 * Whether a Stripe session may pay this purchase: a card order, and its own session (the
 * metadata's purchase id only stands in while create-order has not stored the session).
 */
function paidBySession(purchase: PurchaseDoc, sessionId: string): boolean {
  if (purchase.paymentMethod !== 'card') return false;
  return !purchase.card?.sessionId || purchase.card.sessionId === sessionId;
}

/** A signed Stripe delivery; answers whether it concerned one of our purchases. */
export async function handleStripeWebhook(
  deps: AppDeps,
  rawBody: string,
  signature: string | undefined,
): Promise<{ received: true }> {
  const config = required(await stripeConfig(deps));
  if (!config.webhookSecret) throw apiError(503, SERVER.methodUnavailable);
  let event;
  try {
    event = verifyWebhook(
      { ...config, webhookSecret: config.webhookSecret },
      rawBody,
      signature ?? '',
    );
  } catch {
    throw apiError(400, SERVER.invalidSignature);
  }
  if (
    event.type !== 'checkout.session.completed' &&
    event.type !== 'checkout.session.async_payment_succeeded'
  )
    return { received: true };
  const state = sessionState(event.data.object);
  if (!state.paid) return { received: true };
  const purchase =
    (await findPurchaseByStripeSession(deps.db, state.sessionId)) ??
    (state.purchaseId ? await getPurchase(deps.db, state.purchaseId) : null);
  if (!purchase) {
    deps.log.warn({ sessionId: state.sessionId }, 'Stripe webhook for an unknown session');
    return { received: true };
  }
  if (!paidBySession(purchase, state.sessionId)) {
    deps.log.warn(
      { sessionId: state.sessionId, purchaseId: purchase._id },
      'Stripe webhook for a session that is not this card order’s; nothing paid',
    );
    return { received: true };
  }
  if (settled(purchase)) return { received: true };
  // A wrong amount is kept for staff and acknowledged: an error answer would only make
  // Stripe deliver the same event again for days.
  if (state.amountCents !== toCents(purchase.totalPrice)) {
    await recordAmountMismatch(deps, purchase, (state.amountCents ?? 0) / 100, 'Stripe');
    return { received: true };
  }
  await settleStripeSession(deps, purchase, state);
  return { received: true };
}

export type PayPhoneVerifyAnswer = { purchase: PurchaseDoc } | { purchase_id: string };

export async function verifyPayPhone(
  deps: AppDeps,
  id: number,
  clientTxId: string,
): Promise<PayPhoneVerifyAnswer> {
  const purchase = await findPurchaseByClientTransaction(deps.db, clientTxId);
  if (!purchase) throw apiError(404, SERVER.purchaseNotFound);
  if (settled(purchase)) return { purchase_id: purchase._id };
  const config = required(await payphoneConfig(deps));
  const confirmation = await confirmPayPhone(config, id, clientTxId).catch((error: unknown) => {
    deps.log.error(
      { provider: providerErrorSummary(error), purchaseId: purchase._id, id },
      'PayPhone Confirm failed',
    );
    throw apiError(502, SERVER.providerError);
  });
  if (!confirmation || confirmation.clientTransactionId !== clientTxId)
    throw apiError(404, SERVER.purchaseNotFound);
  if (!isApproved(confirmation)) {
    throw apiError(
      409,
      confirmation.statusCode === 1 ? SERVER.paymentPending : SERVER.paymentNotApproved,
    );
  }
  if (confirmation.amount !== toCents(purchase.totalPrice))
    return refuseAmount(deps, purchase, confirmation.amount / 100, 'PayPhone');
  // One PayPhone transaction pays for one purchase only.
  const owner = await claimPaymentRef(
    deps.db,
    `payphone:${confirmation.transactionId}`,
    purchase._id,
  );
  if (owner !== purchase._id) throw apiError(409, SERVER.paymentNotApproved);
  const applied = await applyPayment(deps, purchase, {
    mobile: {
      transactionId: confirmation.transactionId,
      clientTransactionId: clientTxId,
      status: 'COMPLETED',
      cardBrand: confirmation.cardBrand ?? null,
      last4: confirmation.lastDigits ?? null,
      authorizationCode: confirmation.authorizationCode ?? null,
      payUrl: purchase.mobile?.payUrl,
      completedAt: new Date(),
    },
  });
  return applied.transitioned ? { purchase: applied.purchase } : { purchase_id: purchase._id };
}
