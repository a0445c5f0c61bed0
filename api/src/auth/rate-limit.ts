// Rate limits shared by every api process: the counters live in the document store
// (db/rate-limits.ts), so two replicas behind a balancer give an attacker no more tries
// than one. Over the limit the call answers 429 with `Retry-After` and a Spanish `msg`.
import { LIMIT_MESSAGES, PICK_TEXTS, SERVER } from '@vag/contracts';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv } from '../context';
import { countHit, removeExpiredRateLimits } from '@vag/core/db/rate-limits';
import { tooManyRequests } from '../lib/errors';
import type { Stoppable } from '@vag/core';
import { startPeriodicJob } from '@vag/core/periodic-job';
import { buyerKeys } from '@vag/core/limits/purchase-limits';
import { clientAddress } from './client-address';

export interface RateLimit {
  /** Hits allowed per window; 0 means no limit. */
  limit: number;
  windowMs: number;
  msg: string;
}

const MINUTE = 60_000;

/** Every limiter by name; create-order's limits are configuration (load tests turn them off). */
export function rateLimits(env: AppDeps['env']) {
  return {
    /** Login attempts from one address, whatever the e-mail. */
    login: { limit: 10, windowMs: MINUTE, msg: SERVER.tooManyAttempts },
    /** The public lookup by e-mail: enough for a buyer, too few to walk a list of e-mails. */
    lookup: { limit: 60, windowMs: MINUTE, msg: SERVER.tooManyAttempts },
    /** Orders one buyer (each of e-mail, phone, cédula) may create, from any address. */
    createOrder: {
      limit: env.CREATE_ORDER_LIMIT_PER_MINUTE,
      windowMs: MINUTE,
      msg: LIMIT_MESSAGES.tooManyOrdersBuyer,
    },
    /**
     * Orders one address may create, whoever buys: a ceiling generous enough for the crowd
     * behind one carrier address (CGNAT), which the per-buyer limit keeps fair.
     */
    createOrderAddress: {
      limit: env.CREATE_ORDER_ADDRESS_LIMIT_PER_MINUTE,
      windowMs: MINUTE,
      msg: SERVER.tooManyOrders,
    },
    /**
     * The confirmation calls (capture-order, verify-stripe, verify-payphone): a buyer makes
     * one or two per order. Off where create-order is (load tests confirm every order).
     */
    paymentCheck: {
      limit: env.CREATE_ORDER_LIMIT_PER_MINUTE === 0 ? 0 : 30,
      windowMs: MINUTE,
      msg: SERVER.tooManyAttempts,
    },
    /**
     * The maquinita's spins from one address: a buyer spins a few times per order, and the
     * crowd behind one carrier address (CGNAT) stays well within it; a script walking the
     * free numbers does not (each spin reads the grid).
     */
    luckyNumbers: { limit: 120, windowMs: MINUTE, msg: PICK_TEXTS.tooManySpins },
    /** "Send me my orders" from one address: each one is an e-mail we send. */
    lookupMail: { limit: 5, windowMs: 10 * MINUTE, msg: SERVER.tooManyAttempts },
    /**
     * Lookup e-mails to one mailbox, whoever asks (over it the request is answered alike
     * and nothing is sent: a stranger cannot flood someone's inbox from many addresses).
     */
    lookupMailPerEmail: { limit: 3, windowMs: 60 * MINUTE, msg: SERVER.tooManyAttempts },
    /** /mis-datos links asked from one address, and sent to one mailbox (as the lookup's). */
    myDataMail: { limit: 5, windowMs: 10 * MINUTE, msg: SERVER.tooManyAttempts },
    myDataMailPerEmail: { limit: 3, windowMs: 60 * MINUTE, msg: SERVER.tooManyAttempts },
    /** A buyer's own data with their session: downloads and changes, from one address. */
    myData: { limit: 30, windowMs: MINUTE, msg: SERVER.tooManyAttempts },
    /**
     * Bank-transfer receipts from one address: each is up to 5 MB written to the store.
     * Generous enough for the buyers behind one carrier address (CGNAT), each sending one
     * or two; one order gets far fewer (below).
     */
    receiptUpload: { limit: 30, windowMs: 10 * MINUTE, msg: SERVER.tooManyUploads },
    /** Receipts for one order: a buyer re-sending a blurry photo, not a flood. */
    receiptUploadPerOrder: { limit: 5, windowMs: 10 * MINUTE, msg: SERVER.tooManyUploads },
  } satisfies Record<string, RateLimit>;
}

export type LimiterName = keyof ReturnType<typeof rateLimits>;

/** Counts one hit of `subject` for `name`; throws the 429 when it is over the limit. */
export async function enforceRateLimit(
  deps: AppDeps,
  name: LimiterName,
  subject: string,
): Promise<void> {
  const { limit, windowMs, msg } = rateLimits(deps.env)[name];
  if (limit === 0) return;
  const { count, resetAt } = await countHit(deps.db, { limiter: name, subject, windowMs });
  if (count > limit) throw tooManyRequests(msg, (resetAt.getTime() - Date.now()) / 1000);
}

/**
 * create-order's own limit: each of the buyer's keys (e-mail, phone, cédula), from any
 * address, so one buyer's retries never use up the room of the others behind an address.
 */
export async function enforceBuyerOrderLimit(
  deps: AppDeps,
  buyer: Parameters<typeof buyerKeys>[0],
): Promise<void> {
  for (const key of buyerKeys(buyer)) await enforceRateLimit(deps, 'createOrder', key);
}

/** Counts one hit of `subject` for `name`; answers whether it is still within the limit. */
export async function withinRateLimit(
  deps: AppDeps,
  name: LimiterName,
  subject: string,
): Promise<boolean> {
  const { limit, windowMs } = rateLimits(deps.env)[name];
  if (limit === 0) return true;
  const { count } = await countHit(deps.db, { limiter: name, subject, windowMs });
  return count <= limit;
}

/** Middleware limiting a route per caller address (or per whatever `subjectOf` picks). */
export function rateLimit(
  name: LimiterName,
  subjectOf: (c: Context<AppEnv>) => string = (c) =>
    clientAddress(c, c.get('deps').env.TRUST_PROXY),
) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await enforceRateLimit(c.get('deps'), name, subjectOf(c));
    await next();
  });
}

/** Every api process deletes ended windows and locks once a minute (FerretDB has no TTL indexes). */
export async function startRateLimitSweeper(deps: AppDeps): Promise<Stoppable> {
  return startPeriodicJob({
    everyMs: MINUTE,
    pass: () => removeExpiredRateLimits(deps.db),
    log: deps.log.child({ module: 'rate-limit-sweeper' }),
    failure: 'rate-limit sweep failed; the next one retries',
    runAtStart: false,
  });
}
