// Creating an order, one function from the checked sale to the buyer's payment page:
// price recomputed on the server (DESIGN I6), the buyer's limits, capacity reserved
// atomically (I2), the purchase written PENDING with the provider's reference in its one
// insert. The payment provider is an outside service the api talks to: placeOrder asks
// it through `pay`, in the middle. If the provider fails, the purchase is written EXPIRED
// with the reason and its reservation goes back (expire.ts), so nothing stays half-done
// and staff can see it (I5).
import { randomUUID } from 'node:crypto';
import {
  LIMIT_MESSAGES,
  orderPath,
  PICK_TEXTS,
  SERVER,
  VALIDATION,
  withinLimit,
  type ConsentChannel,
  type CreateOrder,
  type MarketingConsentSource,
  type PurchaseLimits,
} from '@vag/contracts';
import type { CoreDeps } from '../deps';
import { releaseHold } from '../db/order-holds';
import { holdNumbers, releasePurchaseNumbers } from '../db/number-holds';
import { NumbersTaken } from '../number-picks/numbers-taken';
import { orderSelection, type Selection } from '../number-picks/selection';
import {
  claimPaymentRef,
  getPurchase,
  insertPurchaseWithCode,
  payphoneClientRef,
  type ProviderBlock,
  type PurchaseDoc,
} from '../db/purchases';
import {
  ORDER_DEADLINE_MS,
  releaseOrderInFlight,
  reserveCapacity,
  settleOrderInFlight,
  type ReserveOutcome,
} from '../db/raffle-capacity';
import type { SettingsDoc } from '../db/settings';
import { findActiveResellerByCode } from '../db/users';
import { claimWithinLimits, type LimitRefusal } from '../limits/purchase-limits';
import { firstTransferHold } from '../limits/transfer-hold';
import { purchaseEvent } from '../pipeline/purchase-events';
import { kickRelay } from '../pipeline/relay';
import { recordMarketingConsent } from '../privacy/marketing-consent';
import { currentSettings } from '../settings/live-settings';
import { expireOrder } from './expire';
import { newPurchase, type Hold, type NewPurchase } from './new-purchase';
import { newAccessKey, newOrderCode } from './order-code';
import { OrderRefused } from './order-refused';
import { priceOrder, type Priced } from './pricing';
import { providerErrorSummary } from './provider-error';
import type { Sale } from './sale';

/** Every answer names the order: its code and the order page's link (with the access key). */
export interface OrderRef {
  purchaseId: string;
  orderCode: string;
  orderUrl: string;
}

/** The order as the provider is asked about it, before it is written. */
export interface OrderDraft {
  purchase: PurchaseDoc;
  ref: OrderRef;
  raffleName: string;
}

export interface ProviderAnswer<A> {
  /** What the buyer is answered (the provider's page, or the order page for a transfer). */
  answer: A;
  /** The provider's reference, for the purchase to record. */
  block: ProviderBlock;
}

export interface PlaceOrder<A> {
  sale: Sale;
  order: CreateOrder;
  /** The client's address, for the per-address ceiling (limits/purchase-limits.ts). */
  address: string;
  /** Asks the provider for the order's payment page; throws when the provider fails. */
  pay: (draft: OrderDraft) => Promise<ProviderAnswer<A>>;
  /** The document versions the buyer accepted and how the order came in. */
  consent: NewPurchase['consent'];
}

/** Places the order; refusals throw OrderRefused with the buyer's message. */
export async function placeOrder<A>(deps: CoreDeps, request: PlaceOrder<A>): Promise<A> {
  const { sale, order } = request;
  const priced = await priceSelection(deps, sale, order);
  const settings = await currentSettings(deps);
  // Before any count or reservation: a request above the maximum learns nothing else.
  checkPerOrder(settings.purchaseLimits, priced.quantity);
  // The sale's raffle (the storefront's cached read, else the store's): its mode and size.
  const selection = orderSelection(sale.raffle, order);
  const reseller = order.resellerCode
    ? await findActiveResellerByCode(deps.db, order.resellerCode)
    : null;
  const plan: OrderPlan = {
    sale,
    order,
    priced,
    purchaseId: randomUUID(),
    accessKey: newAccessKey(),
    resellerCode: reseller?.code ?? null,
    hold: holdFor(deps, order.paymentMethod, settings),
    consent: request.consent,
    selection,
    reservedAt: 0,
  };
  // Pick mode: the chosen numbers first. A taken one refuses the order before the ledger
  // and the raffle's counters are written, so a rush's losing orders cost their numbers'
  // insert and one delete, not writes on the one raffle document every order needs.
  await holdChosenNumbers(deps, plan);
  await withinLimits(deps, plan, { limits: settings.purchaseLimits, address: request.address });
  try {
    await reserveOrder(deps, plan);
    const answer = await writeOrder(deps, plan, request.pay);
    await recordOrderMarketing(deps, plan);
    return answer;
  } catch (error) {
    // Nothing holds numbers for this order: its entry must not count against the buyer.
    await releaseHold(deps.db, plan.purchaseId);
    throw error;
  }
}

/**
 * The buyer's limits (the holds ledger); refused, the chosen numbers go back, as they do
 * when the ledger cannot be written (no purchase will hold them).
 */
async function withinLimits(
  deps: CoreDeps,
  plan: OrderPlan,
  { limits, address }: { limits: PurchaseLimits; address: string },
): Promise<void> {
  const claimed = await claimWithinLimits(deps.db, limits, {
    purchaseId: plan.purchaseId,
    raffleId: plan.sale.raffleId,
    buyer: plan.order.buyer,
    address,
    quantity: plan.priced.quantity,
    holdUntil: plan.hold.expiresAt,
  }).catch(async (error: unknown) => {
    await releaseChosenNumbers(deps, plan);
    throw error;
  });
  if (claimed.ok) return;
  await releaseChosenNumbers(deps, plan);
  throw limitRefusal(deps, claimed);
}

/**
 * The server's price (I6). A chosen selection whose price or quantity no longer matches
 * what the buyer was shown reads as such: the selection changed, not a tampered amount.
 */
async function priceSelection(deps: CoreDeps, sale: Sale, order: CreateOrder): Promise<Priced> {
  try {
    return await priceOrder(deps, sale, order);
  } catch (error) {
    if (!order.numbers || !(error instanceof OrderRefused) || error.status !== 400) throw error;
    throw new OrderRefused(400, PICK_TEXTS.selectionChanged, {
      numbers: PICK_TEXTS.selectionChanged,
    });
  }
}

interface OrderPlan {
  sale: Sale;
  order: CreateOrder;
  priced: Priced;
  purchaseId: string;
  accessKey: string;
  resellerCode: string | null;
  hold: Hold;
  consent: NewPurchase['consent'];
  /** Pick mode: the chosen numbers, held with the order. */
  selection: Selection | null;
  /** When its numbers were held (ms): past ORDER_DEADLINE_MS it may no longer hold them (I2). */
  reservedAt: number;
}

/** A ticked marketing choice joins the buyer's e-mail record (privacy/marketing-consent.ts). */
async function recordOrderMarketing(deps: CoreDeps, plan: OrderPlan): Promise<void> {
  if (!plan.order.consent.marketing) return;
  await recordMarketingConsent(deps.db, {
    email: plan.order.buyer.email,
    granted: true,
    source: MARKETING_SOURCE_OF_CHANNEL[plan.consent.channel],
  });
}

const MARKETING_SOURCE_OF_CHANNEL = {
  web: 'checkout',
  reseller: 'reseller',
  staff: 'staff',
} as const satisfies Record<ConsentChannel, MarketingConsentSource>;

/** A transfer's first hold (short until its receipt), or the online payment's minutes. */
function holdFor(
  deps: CoreDeps,
  method: CreateOrder['paymentMethod'],
  settings: SettingsDoc,
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
  throw new OrderRefused(400, msg, { quantity: msg });
}

/**
 * One answer for every per-buyer and per-address ceiling: naming which, or its count,
 * would tell a stranger that someone's cédula, phone or e-mail already holds numbers here.
 */
function limitRefusal(deps: CoreDeps, refusal: LimitRefusal): OrderRefused {
  deps.log.info({ reason: refusal.reason, max: refusal.max }, 'order refused by a purchase limit');
  return new OrderRefused(409, LIMIT_MESSAGES.capReached);
}

/** Capacity on the raffle (I2), and for PayPhone its client id, which one order only may use. */
async function reserveOrder(deps: CoreDeps, plan: OrderPlan): Promise<void> {
  const { sale, order, priced, purchaseId } = plan;
  plan.reservedAt = Date.now();
  // With its entry in flight: until the purchase is written, that entry is what tells the
  // reconciler these numbers are held (db/raffle-capacity.ts, DESIGN I2).
  const reserved = await reserveCapacity(deps.db, priced.quantity, sale.raffleId, purchaseId).catch(
    async (error: unknown) => {
      await releaseChosenNumbers(deps, plan);
      throw error;
    },
  );
  if (!reserved.ok) {
    await releaseChosenNumbers(deps, plan);
    throw reserveRefusal(reserved);
  }
  if (order.paymentMethod !== 'mobile') return;
  const owner = await claimPaymentRef(
    deps.db,
    payphoneClientRef(order.clientTransactionId!),
    purchaseId,
  );
  if (owner !== purchaseId) {
    await releaseReservation(deps, plan);
    await releaseChosenNumbers(deps, plan);
    throw new OrderRefused(409, VALIDATION.clientTransactionIdInvalid, {
      clientTransactionId: VALIDATION.clientTransactionIdInvalid,
    });
  }
}

/**
 * The chosen numbers, all or none (db/number-holds.ts), before anything else of the order
 * is written: when any is taken the buyer is told exactly which (409,
 * numbersTakenErrorSchema), and nothing else was held.
 */
async function holdChosenNumbers(deps: CoreDeps, plan: OrderPlan): Promise<void> {
  if (!plan.selection) return;
  const held = await holdNumbers(deps.db, {
    raffleId: plan.sale.raffleId,
    purchaseId: plan.purchaseId,
    numbers: plan.selection.values,
    fresh: true,
  });
  if (held.ok) return;
  const width = plan.selection.numbers[0]!.length;
  throw new NumbersTaken(held.taken.map((n) => String(n).padStart(width, '0')));
}

/** The order's numbers back, once, before any purchase of it holds them. */
async function releaseReservation(deps: CoreDeps, plan: OrderPlan): Promise<void> {
  await releaseOrderInFlight(deps.db, plan.purchaseId, {
    quantity: plan.priced.quantity,
    raffleId: plan.sale.raffleId,
  });
}

async function releaseChosenNumbers(deps: CoreDeps, plan: OrderPlan): Promise<void> {
  if (!plan.selection) return;
  await releasePurchaseNumbers(deps.db, plan.sale.raffleId, plan.purchaseId, plan.selection.values);
}

function reserveRefusal(outcome: Exclude<ReserveOutcome, { ok: true }>): OrderRefused {
  switch (outcome.reason) {
    case 'no_raffle':
      return new OrderRefused(409, SERVER.raffleNotFound);
    case 'inactive':
      return new OrderRefused(409, SERVER.raffleInactive);
    case 'sale_closed':
      return new OrderRefused(409, SERVER.saleClosed);
    case 'not_generated':
      return new OrderRefused(409, SERVER.numbersNotGenerated);
    case 'sold_out':
      return new OrderRefused(
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
 * Asks the provider, then writes the purchase with its reference. A code another purchase
 * holds (the insert says so) is drawn again, and the provider asked again with it: its
 * order carries the code the buyer will see. The capacity is held meanwhile; should the
 * process die before the insert, the reconciler gives it back (counters are recomputed
 * from the purchases).
 */
async function writeOrder<A>(
  deps: CoreDeps,
  plan: OrderPlan,
  pay: PlaceOrder<A>['pay'],
): Promise<A> {
  for (;;) {
    const draft = draftOrder(plan);
    let provided: ProviderAnswer<A>;
    try {
      provided = await pay(draft);
    } catch (error) {
      if (!(await recordOrder(deps, plan, draft.purchase))) continue;
      throw await failOrder(deps, draft.purchase, error);
    }
    const purchase = { ...draft.purchase, ...provided.block, updatedAt: new Date() };
    if (await recordOrder(deps, plan, purchase)) return provided.answer;
  }
}

/** The purchase with a fresh order code, as the provider is asked about it. */
function draftOrder(plan: OrderPlan): OrderDraft {
  const { sale, order, priced, purchaseId, accessKey } = plan;
  const orderCode = newOrderCode();
  const purchase = newPurchase(order, priced, {
    raffleId: sale.raffleId,
    purchaseId,
    orderCode,
    accessKey,
    resellerCode: plan.resellerCode,
    hold: plan.hold,
    consent: plan.consent,
  });
  if (plan.selection) purchase.pickedNumbers = plan.selection.numbers;
  return {
    purchase,
    ref: { purchaseId, orderCode, orderUrl: orderPath(purchaseId, accessKey) },
    raffleName: sale.raffle.name,
  };
}

/**
 * Writes the purchase (its reservation goes back if it surely was not written) and sends
 * its outbox; false when its order code is taken, the reservation still held for the next
 * try. An order past its deadline is not written as holding numbers: the reconciler may
 * be giving them back (db/raffle-capacity.ts), so it ends as a provider failure.
 */
async function recordOrder(
  deps: CoreDeps,
  plan: OrderPlan,
  purchase: PurchaseDoc,
): Promise<boolean> {
  if (Date.now() - plan.reservedAt >= ORDER_DEADLINE_MS) throw await abandonOrder(deps, plan);
  try {
    if (!(await insertPurchaseWithCode(deps.db, purchase))) return false;
  } catch (error) {
    if (!(await writtenAfterAll(deps, plan, purchase, error))) throw error;
  }
  // The purchase holds the numbers now: its entry goes with this process's next order
  // (or the reconciler's pass, which finds the purchase written and only drops it).
  settleOrderInFlight(deps.db, { raffleId: purchase.raffleId, purchaseId: purchase._id });
  if (purchase.outbox) kickRelay(deps, purchase._id, purchase);
  return true;
}

/**
 * The insert failed. A store that went down may have written it and lost the answer:
 * then the purchase holds its numbers and the order goes on (giving them back would sell
 * them twice, I2). Not written: they go back. If the store cannot say, the entry in
 * flight stays for the reconciler to settle or give back.
 */
async function writtenAfterAll(
  deps: CoreDeps,
  plan: OrderPlan,
  purchase: PurchaseDoc,
  insertError: unknown,
): Promise<boolean> {
  const written = await getPurchase(deps.db, purchase._id).catch(() => undefined);
  if (written) return true;
  if (written === undefined) {
    deps.log.error(
      { err: insertError, purchaseId: purchase._id },
      'order not written and the store cannot say: its numbers wait for the reconciler',
    );
    return false;
  }
  await releaseReservation(deps, plan);
  await releaseChosenNumbers(deps, plan);
  return false;
}

/**
 * The provider answered after the order's deadline: its numbers go back (unless the
 * reconciler gave them back already) and the order is written EXPIRED with why, for staff
 * (I5). Answers the refusal to throw (502), as for a provider failure.
 */
async function abandonOrder(deps: CoreDeps, plan: OrderPlan): Promise<OrderRefused> {
  await releaseReservation(deps, plan);
  await releaseChosenNumbers(deps, plan);
  const at = new Date();
  const message = `no order page within ${ORDER_DEADLINE_MS / 1000} s of holding its numbers`;
  for (;;) {
    const { purchase } = draftOrder(plan);
    const expired = purchaseEvent(
      'purchase.expired',
      purchase,
      { expiredAt: at.toISOString() },
      at,
    );
    const ended: PurchaseDoc = {
      ...purchase,
      status: 'EXPIRED',
      reservation: { ...purchase.reservation, active: false },
      failure: { reason: 'provider_error', message, at },
      outbox: { purchase_expired: { event: expired, createdAt: at, publishedAt: null } },
      updatedAt: at,
    };
    if (!(await insertPurchaseWithCode(deps.db, ended))) continue;
    kickRelay(deps, ended._id, ended);
    break;
  }
  deps.log.error({ purchaseId: plan.purchaseId }, `order abandoned: ${message}`);
  return new OrderRefused(502, SERVER.providerError);
}

/**
 * The provider failed on a written order: it ends EXPIRED with the reason (visible to
 * staff, I5) and its reservation goes back. Answers the refusal to throw (502).
 */
async function failOrder(
  deps: CoreDeps,
  purchase: PurchaseDoc,
  error: unknown,
): Promise<OrderRefused> {
  deps.log.error(
    {
      provider: providerErrorSummary(error),
      purchaseId: purchase._id,
      method: purchase.paymentMethod,
    },
    'payment provider failed while creating the order; reservation released',
  );
  const at = new Date();
  const message = error instanceof Error ? error.message : String(error);
  await expireOrder(deps, purchase, {
    at,
    failure: { reason: 'provider_error', message, at },
  });
  return new OrderRefused(502, SERVER.providerError);
}
