// What every handler can reach: the app's dependencies and the signed-in staff member.
import type { CoreDeps } from '@vag/core';
import type { NumbersWaiters } from './payments/numbers-waiters';
import type { StorefrontCache } from './storefront/cache';

export interface AppDeps extends CoreDeps {
  /** The JWT signing secret (from JWT_SECRET, or generated and kept in DATA_DIR). */
  jwtSecret: string;
  /** Confirmations waiting for their numbers (payments/numbers-waiters.ts). */
  numbersWaiters: NumbersWaiters;
  /** The storefront's content and pages of this process (storefront/cache.ts). */
  storefrontCache: StorefrontCache;
}

export interface StaffUser {
  id: string;
  email: string;
  role: 'admin' | 'reseller';
  code?: string;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    staff: StaffUser;
    requestId: string;
    /** The raffle (id or slug) a /api/raffles/{raffle}/… path names (raffle-scope.ts); unset elsewhere. */
    raffleRef?: string;
    /** Inline scripts of the server-rendered page this request answers with (CSP hashes). */
    pageScriptHashes?: string[];
  };
}
