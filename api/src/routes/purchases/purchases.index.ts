// Purchases, read side: the staff history (ra-data-simple-rest conventions), the buyer's
// lookup by e-mail, the confirmation page's fetch by id, and the admin's reset
// (DELETE /api/admin/delete-all-purchases, mounted under /admin).
import {
  PERMISSIONS,
  SERVER,
  STAFF_API_MESSAGES,
  purchasesByEmailParamsSchema,
} from '@vag/contracts';
import { Hono } from 'hono';
import type { Db } from 'mongodb';
import { ADMIN_ONLY, ALL_STAFF, requireStaff } from '../../auth';
import type { AppEnv, StaffUser } from '../../context';
import { resetInstantPrizes } from '../../db/instant-prizes';
import { deleteAllClaims } from '../../db/number-claims';
import {
  deleteAllPurchases,
  findPurchaseForBuyer,
  findPurchasesByEmail,
  listPurchases,
  type PurchaseListFilter,
} from '../../db/purchase-numbers';
import { CURRENT_RAFFLE_ID, releaseAllRaffleNumbers } from '../../db/raffle-numbers';
import { deleteAllFacts } from '../../db/report-facts';
import { apiError } from '../../lib/errors';
import {
  contentRange,
  ListQueryError,
  parseListQuery,
  withId,
  type ListQuery,
} from '../../lib/simple-rest';
import { validate } from '../../lib/validate';
import { whoHolds } from '../../raffle/allocate';
import { clientAddress } from '../admin/login-limits';
import { lookupLimiter } from './lookup-limits';

/** A reseller without a code holds no purchases: this matches none. */
const NO_CODE = '\u0000';

async function toListFilter(
  db: Db,
  staff: StaffUser,
  query: ListQuery,
): Promise<PurchaseListFilter> {
  const filter: PurchaseListFilter = {};
  if (staff.role !== 'admin') filter.resellerCode = staff.code ?? NO_CODE;
  const method = query.filter.paymentMethod ?? query.filter.method;
  if (typeof method === 'string' && method !== '' && method !== 'all')
    filter.paymentMethod = method;
  if (typeof query.filter.status === 'string' && query.filter.status !== '')
    filter.status = query.filter.status;
  const ids = query.filter.id ?? query.filter.ids;
  if (ids !== undefined) filter.ids = (Array.isArray(ids) ? ids : [ids]).map(String);
  const q = typeof query.filter.q === 'string' ? query.filter.q.trim() : '';
  if (q) {
    const holder = await whoHolds(db, CURRENT_RAFFLE_ID, q);
    filter.search = { text: q, holderPurchaseId: holder?.purchaseId ?? null };
  }
  return filter;
}

export const purchasesRouter = new Hono<AppEnv>()
  .get('/', requireStaff(ALL_STAFF, PERMISSIONS.viewPurchases), async (c) => {
    let query: ListQuery;
    try {
      query = parseListQuery(c.req.query());
    } catch (error) {
      if (error instanceof ListQueryError)
        throw apiError(400, STAFF_API_MESSAGES.invalidListQuery, {
          [error.message]: STAFF_API_MESSAGES.invalidListQuery,
        });
      throw error;
    }
    const filter = await toListFilter(c.get('deps').db, c.get('staff'), query);
    const start = query.range?.start ?? 0;
    const { items, total } = await listPurchases(c.get('deps').db, filter, {
      ...(query.sort ? { sort: query.sort } : {}),
      ...(query.range ? { skip: start, limit: query.range.end - start + 1 } : {}),
    });
    c.header('Content-Range', contentRange('purchases', { items, total, start }));
    c.header('Access-Control-Expose-Headers', 'Content-Range');
    return c.json(items.map(withId));
  })

  .get(
    '/by-email/:email',
    async (c, next) => {
      const deps = c.get('deps');
      if (!lookupLimiter(deps).hit(clientAddress(c, deps.env.TRUST_PROXY)))
        throw apiError(429, SERVER.tooManyAttempts);
      await next();
    },
    validate('param', purchasesByEmailParamsSchema),
    async (c) => {
      return c.json(await findPurchasesByEmail(c.get('deps').db, c.req.valid('param').email));
    },
  )

  .get('/:id', async (c) => {
    const purchase = await findPurchaseForBuyer(c.get('deps').db, c.req.param('id'));
    if (!purchase) throw apiError(404, SERVER.purchaseNotFound);
    return c.json(withId(purchase));
  });

export const purchasesAdminRouter = new Hono<AppEnv>().delete(
  '/delete-all-purchases',
  requireStaff(ADMIN_ONLY),
  async (c) => {
    const { db } = c.get('deps');
    // Purchases first, then the claims, then the counters: a sale racing with the reset
    // can at worst leave counters that the reconciler recomputes from purchases.
    await deleteAllPurchases(db);
    await deleteAllClaims(db, CURRENT_RAFFLE_ID);
    await releaseAllRaffleNumbers(db);
    await resetInstantPrizes(db, CURRENT_RAFFLE_ID);
    await deleteAllFacts(db);
    return c.json({ msg: SERVER.purchasesDeleted });
  },
);
