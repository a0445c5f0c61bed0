// POST /payments/create-order: the purchase lifecycle in core places the order (price on
// the server, limits, capacity, the PENDING purchase: core/src/purchase-lifecycle); this
// module is the part that talks to the payment providers, outside services: which are
// configured, and each one's payment page for the order. With an `Idempotency-Key` a
// repeat of the same request answers the first order (SPEC §7, `createOrderOnce`).
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  SERVER,
  TERMS_VERSION,
  toCents,
  toEcuadorE164,
  type ConsentChannel,
  type CreateOrder,
} from '@vag/contracts';
import type { AppDeps, StaffUser } from '../context';
import { privacyNoticeInForce } from '../privacy/privacy-notice';
import {
  placeOrder,
  type OrderDraft,
  type OrderRef,
  type ProviderAnswer,
} from '@vag/core/purchase-lifecycle/create-order';
import { OrderRefused } from '@vag/core/purchase-lifecycle/order-refused';
import { NumbersTaken } from '@vag/core/number-picks/numbers-taken';
import { HTTPException } from 'hono/http-exception';
import { saleFor } from '@vag/core/purchase-lifecycle/sale';
import { currentSettings } from '@vag/core/settings/live-settings';
import {
  claimOrderRequest,
  failOrderRequest,
  finishOrderRequest,
} from '@vag/core/db/order-requests';
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
import { createCheckoutSession } from './stripe';

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

/**
 * Who is asking, and where: the client's address, for the per-address ceiling
 * (auth/client-address.ts), and the raffle the order is for (raffle-scope.ts).
 */
export interface OrderCaller {
  address: string;
  raffleId: string;
  /** A staff member placing the order for a buyer (their consent is recorded as theirs). */
  staff?: Pick<StaffUser, 'role'> | undefined;
}

/** A request still placing its order after this long died with its process: taken over. */
const ABANDONED_MS = 2 * 60_000;
/** How long a repeat waits for the first request's answer before saying it is in progress. */
const REPEAT_WAIT_MS = 30_000;
const REPEAT_POLL_MS = 100;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * `createOrder` once per `Idempotency-Key` (SPEC §7): the first request with a key places
 * the order and records its answer; a repeat with the same key and the same request (the
 * same raffle and body) answers that, even when both arrive at once (one insert wins in
 * the store, the other waits). The same key with a different request is refused (422), so
 * a guessed key fetches nothing. A refused or failed first request lets a repeat try again.
 */
export async function createOrderOnce(
  deps: AppDeps,
  order: CreateOrder,
  caller: OrderCaller,
  key: string | undefined,
): Promise<CreateOrderAnswer> {
  if (!key) return createOrder(deps, order, caller);
  const id = sha256(key);
  const requestHash = sha256(JSON.stringify({ raffleId: caller.raffleId, order }));
  const deadline = Date.now() + REPEAT_WAIT_MS;
  for (;;) {
    const now = new Date();
    const claim = await claimOrderRequest(deps.db, id, requestHash, {
      now,
      staleBefore: new Date(now.getTime() - ABANDONED_MS),
    });
    if (claim.kind === 'owner') return placeRecorded(deps, order, caller, id);
    if (claim.kind === 'other_request') throw apiError(422, SERVER.idempotencyKeyReused);
    if (claim.doc.state === 'done') return claim.doc.answer as CreateOrderAnswer;
    if (Date.now() > deadline) throw apiError(409, SERVER.orderInProgress);
    await sleep(REPEAT_POLL_MS);
  }
}

async function placeRecorded(
  deps: AppDeps,
  order: CreateOrder,
  caller: OrderCaller,
  id: string,
): Promise<CreateOrderAnswer> {
  let answer: CreateOrderAnswer;
  try {
    answer = await createOrder(deps, order, caller);
  } catch (error) {
    await failOrderRequest(deps.db, id);
    throw error;
  }
  await finishOrderRequest(deps.db, id, { purchaseId: answer.purchaseId, answer });
  return answer;
}

/**
 * The raffle is read as the storefront shows it, from its cache: the buyer's amounts are
 * checked against the prices the buyer was shown (core/src/purchase-lifecycle/sale.ts).
 * An unconfigured method answers 503 before anything is reserved.
 */
export async function createOrder(
  deps: AppDeps,
  order: CreateOrder,
  caller: OrderCaller,
): Promise<CreateOrderAnswer> {
  try {
    const shown = await deps.storefrontCache.content(caller.raffleId);
    const sale = await saleFor(deps, { raffleId: caller.raffleId, shown });
    const providers = await providersFor(deps, order.paymentMethod);
    const notice = await privacyNoticeInForce(deps);
    return await placeOrder(deps, {
      sale,
      order,
      address: caller.address,
      consent: {
        termsVersion: TERMS_VERSION,
        privacyVersion: String(notice._id),
        channel: channelOf(caller.staff),
      },
      pay: (draft) => askProvider(deps, providers, order, draft),
    });
  } catch (error) {
    if (error instanceof NumbersTaken) throw numbersTaken(error);
    if (error instanceof OrderRefused) throw apiError(error.status, error.message, error.errors);
    throw error;
  }
}

/** The error contract plus numbersTakenErrorSchema's fields: the page unselects exactly those. */
function numbersTaken(error: NumbersTaken): HTTPException {
  const body = {
    msg: error.message,
    errors: error.errors,
    error: error.message,
    takenNumbers: error.takenNumbers,
  };
  return new HTTPException(409, {
    message: error.message,
    res: new Response(JSON.stringify(body), {
      status: 409,
      headers: { 'content-type': 'application/json; charset=UTF-8' },
    }),
  });
}

function channelOf(staff: OrderCaller['staff']): ConsentChannel {
  if (!staff) return 'web';
  return staff.role === 'reseller' ? 'reseller' : 'staff';
}

type Providers = {
  paypal: PayPalConfig | null;
  stripe: StripeConfig | null;
  payphone: PayPhoneConfig | null;
};

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

/** The provider's payment page for the order; a transfer goes to its order page instead. */
async function askProvider(
  deps: AppDeps,
  { paypal, stripe, payphone }: Providers,
  order: CreateOrder,
  { purchase, raffleName, ref }: OrderDraft,
): Promise<ProviderAnswer<CreateOrderAnswer>> {
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
