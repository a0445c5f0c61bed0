// POST /payments/create-order: price recomputed on the server (I6), capacity reserved
// atomically (I2), the purchase written PENDING, then the provider asked for its payment
// page. If the provider fails, the reservation goes back and the purchase keeps the
// reason (EXPIRED + failure), so nothing stays half-done and staff can see it (I5).
import { randomUUID } from 'node:crypto';
import {
  customTotal,
  LIMIT_MESSAGES,
  makeEvent,
  orderPath,
  roundMoney,
  SERVER,
  toCents,
  toEcuadorE164,
  unitPrice as packageUnitPrice,
  VALIDATION,
  withinLimit,
  type CreateOrder,
  type PurchaseLimits,
} from '@vag/contracts';
import type { AppDeps } from '../context';
import { findPackage } from '@vag/core/db/packages';
import {
  claimPaymentRef,
  endPendingReservation,
  insertPurchaseWithCode,
  payphoneClientRef,
  type ProviderBlock,
  type PurchaseDoc,
} from '@vag/core/db/purchases';
import { getRaffle } from '@vag/core/db/raffle';
import {
  releaseCapacity,
  reserveCapacity,
  type ReserveOutcome,
} from '@vag/core/db/raffle-capacity';
import { findActiveResellerByCode } from '@vag/core/db/users';
import { apiError } from '../lib/errors';
import {
  paypalConfig,
  payphoneConfig,
  required,
  stripeConfig,
  type PayPalConfig,
  type PayPhoneConfig,
  type StripeConfig,
} from './credentials';
import { createPayPalOrder } from './paypal';
import { preparePayPhone } from './payphone';
import { providerErrorSummary } from './provider-error';
import { purchaseEvent } from '@vag/core/pipeline/purchase-events';
import { kickRelay } from '@vag/core/pipeline/relay';
import { currentSettings } from '@vag/core/settings/live-settings';
import { releaseHold } from '@vag/core/db/order-holds';
import { claimWithinLimits, type LimitRefusal } from '@vag/core/limits/purchase-limits';
import { firstTransferHold } from '@vag/core/limits/transfer-hold';
import { storefrontCache } from '../storefront/cache';
import { newAccessKey, newOrderCode } from './order-code';
import { createCheckoutSession } from './stripe';

/** Every answer names the order: its code and the order page's link (with the access key). */
interface OrderRef {
  purchaseId: string;
  orderCode: string;
  orderUrl: string;
}

export type CreateOrderAnswer =
  | ({ approveUrl: string } & OrderRef)
  | ({ checkoutUrl: string } & OrderRef)
  | ({ msg: string } & OrderRef)
  | ({
      payUrl: string;
      id: string | number;
      token: string;
      storeId: string;
      reference: string;
    } & OrderRef);

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
  raffle: { _id: string; pricePerNumber: number },
): Promise<Priced> {
  const { pricePerNumber } = raffle;
  let priced: Priced;
  if (order.packageId && order.packageId !== 'custom') {
    const pkg = await shownPackage(deps, raffle._id, order.packageId);
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
    case 'sale_closed':
      return apiError(409, SERVER.saleClosed);
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

type Providers = {
  paypal: PayPalConfig | null;
  stripe: StripeConfig | null;
  payphone: PayPhoneConfig | null;
};

/**
 * Who is asking, and where: the client's address, for the per-address ceiling
 * (auth/client-address.ts), and the raffle the order is for (raffle-scope.ts).
 */
export interface OrderCaller {
  address: string;
  raffleId: string;
}

export async function createOrder(
  deps: AppDeps,
  order: CreateOrder,
  caller: OrderCaller,
): Promise<CreateOrderAnswer> {
  const { raffleId } = caller;
  const raffle = await openRaffle(deps, raffleId);
  const providers = await providersFor(deps, order.paymentMethod);
  const priced = await priceOrder(deps, order, raffle);
  const settings = await currentSettings(deps);
  // Before any count or reservation: a request above the maximum learns nothing else.
  checkPerOrder(settings.purchaseLimits, priced.quantity);
  const reseller = order.resellerCode
    ? await findActiveResellerByCode(deps.db, order.resellerCode)
    : null;

  const purchaseId = randomUUID();
  const accessKey = newAccessKey();
  const hold = holdFor(deps, order.paymentMethod, settings);
  const claimed = await claimWithinLimits(deps.db, settings.purchaseLimits, {
    purchaseId,
    raffleId,
    buyer: order.buyer,
    address: caller.address,
    quantity: priced.quantity,
    holdUntil: hold.expiresAt,
  });
  if (!claimed.ok) throw limitRefusal(claimed);
  try {
    return await holdAndPay(deps, providers, {
      order,
      priced,
      raffle,
      reseller,
      purchaseId,
      accessKey,
      hold,
    });
  } catch (error) {
    // Nothing holds numbers for this order: its entry must not count against the buyer.
    await releaseHold(deps.db, purchaseId);
    throw error;
  }
}

interface Hold {
  expiresAt: Date;
  firstHold: boolean;
}

/** A transfer's first hold (short until its receipt), or the online payment's minutes. */
function holdFor(
  deps: AppDeps,
  method: CreateOrder['paymentMethod'],
  settings: Awaited<ReturnType<typeof currentSettings>>,
): Hold {
  const now = new Date();
  if (method === 'bank_transfer') return firstTransferHold(settings, now);
  return {
    expiresAt: new Date(now.getTime() + deps.env.RESERVATION_MINUTES * 60_000),
    firstHold: false,
  };
}

function checkPerOrder(limits: PurchaseLimits, quantity: number): void {
  if (withinLimit(quantity, limits.maxPerOrder)) return;
  const msg = LIMIT_MESSAGES.perOrder(limits.maxPerOrder);
  throw apiError(400, msg, { quantity: msg });
}

function limitRefusal(refusal: LimitRefusal) {
  switch (refusal.reason) {
    case 'per_buyer':
      return apiError(409, LIMIT_MESSAGES.perBuyer(refusal.max));
    case 'unpaid_per_buyer':
      return apiError(409, LIMIT_MESSAGES.unpaidPerBuyer(refusal.max));
    case 'unpaid_per_address':
      return apiError(409, LIMIT_MESSAGES.unpaidPerAddress);
    default: {
      const never: never = refusal.reason;
      return never;
    }
  }
}

interface OrderPlan {
  order: CreateOrder;
  priced: Priced;
  raffle: { _id: string; name: string };
  reseller: { code: string | null } | null;
  purchaseId: string;
  accessKey: string;
  hold: Hold;
}

/** Reserves the numbers, writes the purchase and asks the provider for its payment page. */
async function holdAndPay(
  deps: AppDeps,
  providers: Providers,
  plan: OrderPlan,
): Promise<CreateOrderAnswer> {
  const { order, priced, raffle, reseller, purchaseId, accessKey, hold } = plan;
  await reserveFor(deps, order, { quantity: priced.quantity, purchaseId, raffleId: raffle._id });
  // A code another purchase holds (the insert says so) is drawn again, and the provider
  // asked again with it: its order carries the code the buyer will see.
  for (;;) {
    const orderCode = newOrderCode();
    const ref: OrderRef = { purchaseId, orderCode, orderUrl: orderPath(purchaseId, accessKey) };
    const purchase = newPurchase(order, priced, {
      raffleId: raffle._id,
      purchaseId,
      orderCode,
      accessKey,
      resellerCode: reseller?.code ?? null,
      hold,
    });
    // The provider first, so its reference goes into the purchase's one insert. The
    // capacity is held meanwhile; should the process die before the insert, the reconciler
    // gives it back (counters are recomputed from the purchases).
    let provided: Provided;
    try {
      provided = await askProvider(deps, providers, {
        order,
        purchase,
        raffleName: raffle.name,
        ref,
      });
    } catch (error) {
      if (!(await savePurchase(deps, purchase))) continue;
      throw await failOrder(deps, purchase, error);
    }
    if (await savePurchase(deps, { ...purchase, ...provided.block, updatedAt: new Date() }))
      return provided.answer;
  }
}

/**
 * The raffle and its packages are read as the storefront shows them, from its cache: the
 * buyer's amounts are checked against the prices the buyer was shown, staff changes drop
 * the cache at once in every process, it is never older than a few seconds, and in a
 * sale one read serves every buyer instead of two reads per order. Whether the raffle
 * still sells is decided by the reservation's own conditional update (I2).
 */
async function shownContent(deps: AppDeps, raffleId: string) {
  return storefrontCache(deps).content(raffleId);
}

/** A package of the raffle on sale; one the cached page does not list yet is looked up in the store. */
async function shownPackage(deps: AppDeps, raffleId: string, id: string) {
  const shown = (await shownContent(deps, raffleId)).packages?.find((p) => p._id === id);
  return shown ?? (await findPackage(deps.db, raffleId, id));
}

/** The order's raffle, when it sells: active and with its numbers generated. */
async function openRaffle(deps: AppDeps, raffleId: string) {
  const raffle =
    (await shownContent(deps, raffleId)).raffle ?? (await getRaffle(deps.db, raffleId));
  if (!raffle) throw apiError(409, SERVER.raffleNotFound);
  if (!raffle.isActive) throw apiError(409, SERVER.raffleInactive);
  if (!raffle.numbersGenerated) throw apiError(409, SERVER.numbersNotGenerated);
  return raffle;
}

/** An unconfigured method answers 503 before anything is reserved. */
async function providersFor(
  deps: AppDeps,
  method: CreateOrder['paymentMethod'],
): Promise<Providers> {
  const providers: Providers = {
    paypal: method === 'paypal' ? required(await paypalConfig(deps)) : null,
    stripe: method === 'card' ? required(await stripeConfig(deps)) : null,
    payphone: method === 'mobile' ? required(await payphoneConfig(deps)) : null,
  };
  if (method === 'bank_transfer' && (await currentSettings(deps)).bankAccounts.length === 0)
    throw apiError(503, SERVER.methodUnavailable);
  return providers;
}

/** Capacity on the raffle (I2), and for PayPhone its client id, which one order only may use. */
async function reserveFor(
  deps: AppDeps,
  order: CreateOrder,
  { quantity, purchaseId, raffleId }: { quantity: number; purchaseId: string; raffleId: string },
): Promise<void> {
  const reserved = await reserveCapacity(deps.db, quantity, raffleId);
  if (!reserved.ok) throw refusal(reserved);
  if (order.paymentMethod !== 'mobile') return;
  const owner = await claimPaymentRef(
    deps.db,
    payphoneClientRef(order.clientTransactionId!),
    purchaseId,
  );
  if (owner !== purchaseId) {
    await releaseCapacity(deps.db, quantity, raffleId);
    throw apiError(409, VALIDATION.clientTransactionIdInvalid, {
      clientTransactionId: VALIDATION.clientTransactionIdInvalid,
    });
  }
}

interface NewPurchaseIds {
  raffleId: string;
  purchaseId: string;
  orderCode: string;
  accessKey: string;
  resellerCode: string | null;
  hold: Hold;
}

/** The PENDING purchase as create-order writes it. */
function newPurchase(order: CreateOrder, priced: Priced, ids: NewPurchaseIds): PurchaseDoc {
  const now = new Date();
  const method = order.paymentMethod;
  const b = order.buyer;
  const purchase: PurchaseDoc = {
    _id: ids.purchaseId,
    raffleId: ids.raffleId,
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
    resellerCode: ids.resellerCode,
    orderCode: ids.orderCode,
    accessKey: ids.accessKey,
    ...priced,
    paymentMethod: method,
    status: 'PENDING',
    reservation: {
      active: true,
      expiresAt: ids.hold.expiresAt,
      ...(ids.hold.firstHold ? { firstHold: true } : {}),
    },
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
  // The transfer's buyer gets the order link by e-mail and SMS (through the outbox).
  if (method === 'bank_transfer') {
    const notice = makeEvent(
      'purchase.notice',
      { purchaseId: ids.purchaseId, noticeId: 'order_created', kind: 'order_created' },
      now,
    );
    purchase.outbox = { purchase_notice: { event: notice, createdAt: now, publishedAt: null } };
  }
  return purchase;
}

/**
 * Writes the purchase (its reservation goes back if that fails) and tells the reports;
 * false when its order code is taken, the reservation still held for the next try.
 */
async function savePurchase(deps: AppDeps, purchase: PurchaseDoc): Promise<boolean> {
  try {
    if (!(await insertPurchaseWithCode(deps.db, purchase))) return false;
  } catch (error) {
    await releaseCapacity(deps.db, purchase.quantity, purchase.raffleId);
    throw error;
  }
  if (purchase.outbox) kickRelay(deps, purchase._id, purchase);
  return true;
}

interface ProviderRequest {
  order: CreateOrder;
  purchase: PurchaseDoc;
  raffleName: string;
  ref: OrderRef;
}

interface Provided {
  answer: CreateOrderAnswer;
  /** The provider's reference, for the purchase to record. */
  block: ProviderBlock;
}

/** The provider's payment page for the order; a transfer goes to its order page instead. */
async function askProvider(
  deps: AppDeps,
  { paypal, stripe, payphone }: Providers,
  { order, purchase, raffleName, ref }: ProviderRequest,
): Promise<Provided> {
  const { env } = deps;
  const purchaseId = purchase._id;
  const total = purchase.totalPrice;
  const description = `Voy a Ganar: ${purchase.quantity} números de "${raffleName}"`;
  const site = env.PUBLIC_URL.replace(/\/+$/, '');
  if (paypal) {
    const created = await createPayPalOrder(paypal, {
      purchaseId,
      amount: total,
      description,
      returnUrl: `${site}/payment-success`,
      cancelUrl: `${site}/checkout`,
    });
    return {
      answer: { approveUrl: created.approveUrl, ...ref },
      block: {
        paypal: { orderId: created.orderId, status: 'CREATED', amount: total, currency: 'USD' },
      },
    };
  }
  if (stripe) {
    const created = await createCheckoutSession(stripe, {
      purchaseId,
      amountCents: toCents(total),
      description,
      email: purchase.buyer.email,
      successUrl: `${site}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${site}/checkout`,
    });
    return {
      answer: { checkoutUrl: created.checkoutUrl, ...ref },
      block: {
        card: {
          sessionId: created.sessionId,
          status: 'unpaid',
          completedAt: null,
          paymentIntentId: null,
        },
      },
    };
  }
  if (payphone) {
    const reference = `Voy a Ganar ${ref.orderCode}`;
    const prepared = await preparePayPhone(payphone, {
      clientTransactionId: order.clientTransactionId!,
      totalPrice: total,
      reference,
      responseUrl: `${site}/payment-success`,
      cancellationUrl: `${site}/checkout`,
      email: purchase.buyer.email,
      phone: toEcuadorE164(order.buyer.phone),
    });
    return {
      answer: {
        payUrl: prepared.payUrl,
        id: prepared.paymentId,
        ...ref,
        token: payphone.token,
        storeId: payphone.storeId,
        reference,
      },
      block: {
        mobile: {
          transactionId: null,
          clientTransactionId: order.clientTransactionId!,
          status: 'PENDING',
          payUrl: prepared.payUrl,
        },
      },
    };
  }
  // The buyer goes to the order page (code, amount, accounts, receipt upload), never
  // straight to WhatsApp.
  return { answer: { msg: SERVER.bankTransferInstructions, ...ref }, block: {} };
}

/**
 * A provider failed: the purchase ends EXPIRED with the reason (visible to staff, I5) and
 * its reservation goes back. Answers the 502 to throw.
 */
async function failOrder(deps: AppDeps, purchase: PurchaseDoc, error: unknown) {
  const purchaseId = purchase._id;
  const message = error instanceof Error ? error.message : String(error);
  deps.log.error(
    { provider: providerErrorSummary(error), purchaseId, method: purchase.paymentMethod },
    'payment provider failed while creating the order; reservation released',
  );
  const endedAt = new Date();
  const expired = purchaseEvent(
    'purchase.expired',
    purchase,
    { expiredAt: endedAt.toISOString() },
    endedAt,
  );
  const ended = await endPendingReservation(deps.db, purchaseId, expired, {
    failure: { reason: 'provider_error', message, at: endedAt },
  });
  if (ended) {
    await releaseCapacity(deps.db, ended.quantity, ended.raffleId);
    kickRelay(deps, purchaseId);
  }
  return apiError(502, SERVER.providerError);
}
