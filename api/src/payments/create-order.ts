// POST /payments/create-order: price recomputed on the server (I6), capacity reserved
// atomically (I2), the purchase written PENDING, then the provider asked for its payment
// page. If the provider fails, the reservation goes back and the purchase keeps the
// reason (EXPIRED + failure), so nothing stays half-done and staff can see it (I5).
import { randomUUID } from 'node:crypto';
import {
  customTotal,
  formatMoney,
  PIPELINE_MESSAGES,
  roundMoney,
  SERVER,
  toCents,
  TOPICS,
  toEcuadorE164,
  unitPrice as packageUnitPrice,
  VALIDATION,
  type CreateOrder,
} from '@vag/contracts';
import type { AppDeps } from '../context';
import { findPackage } from '../db/packages';
import {
  claimPaymentRef,
  endPendingReservation,
  insertPurchase,
  payphoneClientRef,
  setProviderBlock,
  type PurchaseDoc,
} from '../db/purchases';
import { getCurrentRaffle } from '../db/raffle';
import { releaseCapacity, reserveCapacity, type ReserveOutcome } from '../db/raffle-capacity';
import { CURRENT_RAFFLE_ID } from '../db/raffle-numbers';
import { findActiveResellerByCode } from '../db/users';
import { apiError } from '../lib/errors';
import { paypalConfig, payphoneConfig, required, stripeConfig } from './credentials';
import { createPayPalOrder } from './paypal';
import { preparePayPhone } from './payphone';
import { providerErrorSummary } from './provider-error';
import { purchaseEvent } from '../pipeline/purchase-events';
import { kickRelay } from '../pipeline/relay';
import { createCheckoutSession } from './stripe';

export type CreateOrderAnswer =
  | { approveUrl: string; purchaseId: string }
  | { checkoutUrl: string; purchaseId: string }
  | { msg: string; whatsappRedirect: string; purchaseId: string }
  | {
      payUrl: string;
      id: string | number;
      purchaseId: string;
      token: string;
      storeId: string;
      reference: string;
    };

interface Priced {
  quantity: number;
  unitPrice: number;
  totalPrice: number;
  packageId: string | null;
  packageData: { name: string; quantity: number; price: number };
  packageType: 'normal' | 'custom';
}

async function priceOrder(
  deps: AppDeps,
  order: CreateOrder,
  pricePerNumber: number,
): Promise<Priced> {
  let priced: Priced;
  if (order.packageId && order.packageId !== 'custom') {
    const pkg = await findPackage(deps.db, order.packageId);
    if (!pkg) throw apiError(404, SERVER.packageNotFound);
    if (order.quantity !== pkg.quantity) throw apiError(400, SERVER.amountMismatch);
    priced = {
      quantity: pkg.quantity,
      unitPrice: packageUnitPrice(pkg),
      totalPrice: roundMoney(pkg.price),
      packageId: pkg._id,
      packageData: { name: pkg.name, quantity: pkg.quantity, price: roundMoney(pkg.price) },
      packageType: 'normal',
    };
  } else {
    const totalPrice = customTotal(order.quantity, pricePerNumber);
    priced = {
      quantity: order.quantity,
      unitPrice: roundMoney(pricePerNumber),
      totalPrice,
      packageId: null,
      packageData: { name: 'Personalizado', quantity: order.quantity, price: totalPrice },
      packageType: 'custom',
    };
  }
  // The client's amounts must be the server's to the cent (I6).
  if (
    toCents(order.amount) !== toCents(priced.totalPrice) ||
    toCents(order.totalPrice) !== toCents(priced.totalPrice)
  ) {
    throw apiError(400, SERVER.amountMismatch);
  }
  if (priced.totalPrice <= 0) throw apiError(400, SERVER.amountMismatch);
  return priced;
}

function refusal(outcome: Exclude<ReserveOutcome, { ok: true }>) {
  switch (outcome.reason) {
    case 'no_raffle':
      return apiError(409, SERVER.raffleNotFound);
    case 'inactive':
      return apiError(409, SERVER.raffleInactive);
    case 'not_generated':
      return apiError(409, SERVER.numbersNotGenerated);
    case 'sold_out':
      return apiError(
        409,
        outcome.remaining === 0 ? SERVER.soldOut : SERVER.notEnoughNumbers(outcome.remaining),
      );
    default: {
      const never: never = outcome;
      return never;
    }
  }
}

/**
 * Tells the reports about the new order. Not through the outbox: only the reports
 * projection reads this event, and it repairs a lost one from the purchases itself
 * (workers/src/reports), so the sale's busiest path is spared the outbox's second write.
 */
function publishCreated(deps: AppDeps, purchase: PurchaseDoc): void {
  const event = purchaseEvent('purchase.created', purchase, {}, purchase.createdAt);
  deps.bus
    .publish([{ topic: TOPICS['purchase.created'], key: purchase._id, value: event }])
    .catch((err: unknown) =>
      deps.log.warn(
        { err, purchaseId: purchase._id },
        'purchase.created not published; the reports catch up',
      ),
    );
}

export async function createOrder(deps: AppDeps, order: CreateOrder): Promise<CreateOrderAnswer> {
  const { env, db, log } = deps;
  const raffle = await getCurrentRaffle(db);
  if (!raffle) throw apiError(409, SERVER.raffleNotFound);
  if (!raffle.isActive) throw apiError(409, SERVER.raffleInactive);
  if (!raffle.numbersGenerated) throw apiError(409, SERVER.numbersNotGenerated);

  // An unconfigured method answers 503 before anything is reserved.
  const method = order.paymentMethod;
  const paypal = method === 'paypal' ? required(await paypalConfig(deps)) : null;
  const stripe = method === 'card' ? required(await stripeConfig(deps)) : null;
  const payphone = method === 'mobile' ? required(payphoneConfig(deps)) : null;

  const priced = await priceOrder(deps, order, raffle.pricePerNumber);
  const reseller = order.resellerCode
    ? await findActiveResellerByCode(db, order.resellerCode)
    : null;

  const purchaseId = randomUUID();
  const reserved = await reserveCapacity(db, priced.quantity, CURRENT_RAFFLE_ID);
  if (!reserved.ok) throw refusal(reserved);
  if (method === 'mobile') {
    // PayPhone knows the payment by this id: it may belong to one order only.
    const owner = await claimPaymentRef(
      db,
      payphoneClientRef(order.clientTransactionId!),
      purchaseId,
    );
    if (owner !== purchaseId) {
      await releaseCapacity(db, priced.quantity, CURRENT_RAFFLE_ID);
      throw apiError(409, VALIDATION.clientTransactionIdInvalid, {
        clientTransactionId: VALIDATION.clientTransactionIdInvalid,
      });
    }
  }

  const now = new Date();
  const holdMs =
    method === 'bank_transfer'
      ? env.TRANSFER_RESERVATION_HOURS * 3_600_000
      : env.RESERVATION_MINUTES * 60_000;
  const b = order.buyer;
  const purchase: PurchaseDoc = {
    _id: purchaseId,
    raffleId: CURRENT_RAFFLE_ID,
    createdAt: now,
    updatedAt: now,
    buyer: {
      firstName: b.firstName,
      lastName: b.lastName,
      email: b.email.trim().toLowerCase(),
      phone: b.phone,
      country: b.country,
      address: b.address,
      city: b.city,
      province: b.province,
      ...(b.document ? { document: b.document } : {}),
    },
    resellerCode: reseller?.code ?? null,
    ...priced,
    paymentMethod: method,
    status: 'PENDING',
    reservation: { active: true, expiresAt: new Date(now.getTime() + holdMs) },
    assignedNumbers: [],
    ...(method === 'bank_transfer'
      ? {
          bankTransfer: { received: false, bankName: null, referenceCode: null, confirmedAt: null },
        }
      : {}),
    ...(method === 'mobile'
      ? {
          mobile: {
            transactionId: null,
            clientTransactionId: order.clientTransactionId!,
            status: 'PENDING',
          },
        }
      : {}),
  };
  try {
    await insertPurchase(db, purchase);
  } catch (error) {
    await releaseCapacity(db, priced.quantity, CURRENT_RAFFLE_ID);
    throw error;
  }
  publishCreated(deps, purchase);

  const description = `Voy a Ganar: ${priced.quantity} números de "${raffle.name}"`;
  const site = env.PUBLIC_URL.replace(/\/+$/, '');
  try {
    if (paypal) {
      const created = await createPayPalOrder(paypal, {
        purchaseId,
        amount: priced.totalPrice,
        description,
        returnUrl: `${site}/payment-success`,
        cancelUrl: `${site}/checkout`,
      });
      await setProviderBlock(db, purchaseId, {
        paypal: {
          orderId: created.orderId,
          status: 'CREATED',
          amount: priced.totalPrice,
          currency: 'USD',
        },
      });
      return { approveUrl: created.approveUrl, purchaseId };
    }
    if (stripe) {
      const created = await createCheckoutSession(stripe, {
        purchaseId,
        amountCents: toCents(priced.totalPrice),
        description,
        email: purchase.buyer.email,
        successUrl: `${site}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${site}/checkout`,
      });
      await setProviderBlock(db, purchaseId, {
        card: {
          sessionId: created.sessionId,
          status: 'unpaid',
          completedAt: null,
          paymentIntentId: null,
        },
      });
      return { checkoutUrl: created.checkoutUrl, purchaseId };
    }
    if (payphone) {
      const reference = `Voy a Ganar ${purchaseId.slice(0, 8)}`;
      const prepared = await preparePayPhone(payphone, {
        clientTransactionId: order.clientTransactionId!,
        totalPrice: priced.totalPrice,
        reference,
        responseUrl: `${site}/payment-success`,
        cancellationUrl: `${site}/checkout`,
        email: purchase.buyer.email,
        phone: toEcuadorE164(b.phone),
      });
      await setProviderBlock(db, purchaseId, {
        mobile: {
          transactionId: null,
          clientTransactionId: order.clientTransactionId!,
          status: 'PENDING',
          payUrl: prepared.payUrl,
        },
      });
      return {
        payUrl: prepared.payUrl,
        id: prepared.paymentId,
        purchaseId,
        token: payphone.token,
        storeId: payphone.storeId,
        reference,
      };
    }
    const text = PIPELINE_MESSAGES.whatsappTransfer(purchaseId, formatMoney(priced.totalPrice));
    return {
      msg: SERVER.bankTransferInstructions,
      whatsappRedirect: `https://wa.me/${env.WHATSAPP_NUMBER.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`,
      purchaseId,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log.error(
      { provider: providerErrorSummary(error), purchaseId, method },
      'payment provider failed while creating the order; reservation released',
    );
    const endedAt = new Date();
    const expired = purchaseEvent(
      'purchase.expired',
      purchase,
      { expiredAt: endedAt.toISOString() },
      endedAt,
    );
    const ended = await endPendingReservation(db, purchaseId, expired, {
      failure: { reason: 'provider_error', message, at: endedAt },
    });
    if (ended) {
      await releaseCapacity(db, ended.quantity, ended.raffleId);
      kickRelay(deps, purchaseId);
    }
    throw apiError(502, SERVER.providerError);
  }
}
