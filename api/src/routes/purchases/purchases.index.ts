// Purchases, read side: the staff history (ra-data-simple-rest conventions), the buyer's
// lookup by e-mail (the links go to the mailbox), the confirmation page's fetch by id, and the admin's reset
// (DELETE /api/admin/delete-all-purchases, mounted under /admin).
import {
  RAFFLE_TEXTS,
  PERMISSIONS,
  chosenRaffle,
  SERVER,
  STAFF_API_MESSAGES,
  purchasesByEmailParamsSchema,
  idParamSchema,
  inReviewCountSchema,
  msgResponseSchema,
  purchaseLookupSchema,
  purchaseSchema,
  PURCHASES_PAGE_MAX,
  LOOKUP_LINK_HOURS,
  LOOKUP_MESSAGES,
  lookupRequestAnswerSchema,
  lookupRequestSchema,
  lookupTokenQuerySchema,
} from '@vag/contracts';
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from 'mongodb';
import { ADMIN_ONLY, ALL_STAFF, optionalStaff, requireStaff } from '../../auth';
import { rateLimit, withinRateLimit } from '../../auth/rate-limit';
import { requestLookupMail } from '@vag/core/pipeline/lookup-outbox';
import { lookupTokenValid, signLookupToken } from './lookup-token';
import { staffMaySee } from './staff-scope';
import { logBuyerDetailsViewed, logPurchaseListRead } from '../../privacy/access-log';
import type { AppEnv, StaffUser } from '../../context';
import {
  findPurchaseForBuyer,
  findPurchasesByEmail,
  listPurchases,
  type PurchaseListFilter,
  type PurchaseRecord,
} from '@vag/core/db/purchase-numbers';
import { clearTestOrders, RaffleRefusal } from '@vag/core/raffles/raffle-actions';
import { raffleIdOf } from '../../raffles/raffle-scope';
import { raffleNameIn, raffleOf } from '@vag/core/db/by-raffle';
import { raffleNames } from '@vag/core/raffles/raffle-records';
import { getPurchase } from '@vag/core/db/purchases';
import { bankLinesOf } from '@vag/core/db/bank-statements';
import { apiError } from '../../lib/errors';
import { accessKeyMatches } from '@vag/core/purchase-lifecycle/order-code';
import { purchaseSummary } from '../orders/order-view';
import {
  contentRange,
  ListQueryError,
  parseListQuery,
  withId,
  type ListQuery,
} from '../../lib/simple-rest';
import { validate } from '../../lib/validate';
import { whoHolds } from '@vag/core/raffle/allocate';
import { BY_ID, describe, JSON_BODY, LIST } from '../../lib/openapi';

const IN_REVIEW = 'IN_REVIEW';

/** A reseller without a code holds no purchases: this matches none. */
const NO_CODE = '\u0000';

/** The purchases holding a number: in the raffle chosen, or in each raffle. */
async function holdersOf(db: Db, number: string, raffleId: string | undefined): Promise<string[]> {
  const raffles = raffleId ? [raffleId] : [...(await raffleNames(db)).keys()];
  const holders = await Promise.all(raffles.map((id) => whoHolds(db, id, number)));
  return holders.flatMap((holder) => (holder ? [holder.purchaseId] : []));
}

async function toListFilter(
  db: Db,
  staff: StaffUser,
  query: ListQuery,
): Promise<PurchaseListFilter> {
  const filter: PurchaseListFilter = {};
  if (staff.role !== 'admin') filter.resellerCode = staff.code ?? NO_CODE;
  const raffleId = chosenRaffle(
    typeof query.filter.raffleId === 'string' ? query.filter.raffleId : undefined,
  );
  if (raffleId) filter.raffleId = raffleId;
  const method = query.filter.paymentMethod ?? query.filter.method;
  if (typeof method === 'string' && method !== '' && method !== 'all')
    filter.paymentMethod = method;
  // 'IN_REVIEW' is not a stored status: pending transfers with a receipt to check.
  if (query.filter.status === IN_REVIEW) filter.inReview = true;
  else if (typeof query.filter.status === 'string' && query.filter.status !== '')
    filter.status = query.filter.status;
  const ids = query.filter.id ?? query.filter.ids;
  if (ids !== undefined) filter.ids = (Array.isArray(ids) ? ids : [ids]).map(String);
  const q = typeof query.filter.q === 'string' ? query.filter.q.trim() : '';
  if (q) filter.search = { text: q, holderPurchaseIds: await holdersOf(db, q, raffleId) };
  return filter;
}

/** The page asked for, cut to PURCHASES_PAGE_MAX (no range: the first page of that size). */
function cappedPage(range: ListQuery['range']): { skip: number; limit: number } {
  const skip = range?.start ?? 0;
  const asked = range ? range.end - range.start + 1 : PURCHASES_PAGE_MAX;
  return { skip, limit: Math.min(asked, PURCHASES_PAGE_MAX) };
}

/** The filters of a list read, in the access log's words (the search text itself is not kept). */
function filterWords(filter: PurchaseListFilter, names: Map<string, string>): string[] {
  return [
    ...(filter.resellerCode !== undefined ? [`solo las del código ${filter.resellerCode}`] : []),
    ...(filter.raffleId ? [`rifa «${raffleNameIn(names, filter.raffleId)}»`] : []),
    ...(filter.paymentMethod ? [`método ${filter.paymentMethod}`] : []),
    ...(filter.status ? [`estado ${filter.status}`] : []),
    ...(filter.inReview ? ['en revisión'] : []),
    ...(filter.ids ? ['por id'] : []),
    ...(filter.search ? ['con búsqueda'] : []),
  ];
}

/**
 * What a list row carries of the buyer (SPEC §6): admins the whole record; a reseller what
 * following up their own sale needs (name, e-mail, phone, city and province), never the
 * cédula nor the street address, which only the purchase's own page shows (logged there).
 */
function listedBuyer(staff: StaffUser, buyer: PurchaseRecord['buyer']): PurchaseRecord['buyer'] {
  if (staff.role === 'admin') return buyer;
  const { document: _document, address: _address, ...needed } = buyer;
  return needed;
}

export const purchasesRouter = new Hono<AppEnv>()
  .get(
    '/',
    describe({
      operationId: 'listPurchases',
      tag: 'purchases',
      summary: 'Historial de compras (un revendedor ve solo las suyas).',
      response: z.array(purchaseSchema),
      errors: [...LIST, 403],
    }),
    requireStaff(ALL_STAFF, PERMISSIONS.viewPurchases),
    async (c) => {
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
      const { db } = c.get('deps');
      const staff = c.get('staff');
      const filter = await toListFilter(db, staff, query);
      const { skip, limit } = cappedPage(query.range);
      const { items, total } = await listPurchases(db, filter, {
        ...(query.sort ? { sort: query.sort } : {}),
        skip,
        limit,
      });
      c.header('Content-Range', contentRange('purchases', { items, total, start: skip }));
      c.header('Access-Control-Expose-Headers', 'Content-Range');
      const names = await raffleNames(db);
      if (items.length > 0)
        await logPurchaseListRead(db, staff, {
          filters: filterWords(filter, names),
          purchases: items,
          raffleId: filter.raffleId,
        });
      // Staff confirm a receipt from the bank's statement when a line names the order.
      const bankLines = await bankLinesOf(
        db,
        items.filter((p) => p.paymentMethod === 'bank_transfer').map((p) => p._id),
      );
      return c.json(
        items.map((p) => {
          const bankLine = bankLines.get(p._id);
          return withId({
            ...p,
            buyer: listedBuyer(staff, p.buyer),
            raffleName: raffleNameIn(names, raffleOf(p)),
            ...(bankLine ? { bankLine } : {}),
          });
        }),
      );
    },
  )

  // The 'En revisión' badge: how many receipts wait for this staff member.
  .get(
    '/in-review/count',
    describe({
      operationId: 'inReviewCount',
      tag: 'purchases',
      summary: 'Cuántos comprobantes esperan revisión (los propios para un revendedor).',
      response: inReviewCountSchema,
      errors: [403],
    }),
    requireStaff(ALL_STAFF, PERMISSIONS.viewPurchases),
    async (c) => {
      const staff = c.get('staff');
      const filter: PurchaseListFilter = { inReview: true };
      if (staff.role !== 'admin') filter.resellerCode = staff.code ?? NO_CODE;
      const { total } = await listPurchases(c.get('deps').db, filter, { limit: 1 });
      return c.json({ count: total });
    },
  )

  // The public lookup (SPEC §2): the page never says whether an e-mail has purchases.
  // The mailbox gets its order links and a signed, expiring link to the list below.
  .post(
    '/lookup',
    describe({
      operationId: 'requestPurchaseLookup',
      tag: 'purchases',
      summary: 'Envía al correo los enlaces de sus pedidos; responde lo mismo tenga o no compras.',
      status: 202,
      response: lookupRequestAnswerSchema,
      errors: [...JSON_BODY, 429],
    }),
    rateLimit('lookupMail'),
    validate('json', lookupRequestSchema),
    async (c) => {
      const deps = c.get('deps');
      const email = c.req.valid('json').email.toLowerCase();
      if (await withinRateLimit(deps, 'lookupMailPerEmail', email)) {
        const expiresAt = new Date(Date.now() + LOOKUP_LINK_HOURS * 3_600_000);
        await requestLookupMail(deps, {
          requestId: randomUUID(),
          email,
          about: 'orders',
          token: signLookupToken(deps.jwtSecret, email, expiresAt),
          expiresAt: expiresAt.toISOString(),
        });
      }
      return c.json({ msg: LOOKUP_MESSAGES.sent(email) }, 202);
    },
  )

  // The list itself, for the holder of the e-mail's list link only.
  .get(
    '/by-email/:email',
    describe({
      operationId: 'purchasesByEmail',
      tag: 'purchases',
      summary:
        'Compras de un e-mail (estado y números), con el enlace firmado que recibió ese correo.',
      response: z.array(purchaseLookupSchema),
      errors: [400, 401, 429],
    }),
    rateLimit('lookup'),
    validate('param', purchasesByEmailParamsSchema),
    validate('query', lookupTokenQuerySchema),
    async (c) => {
      const { db, jwtSecret } = c.get('deps');
      const email = c.req.valid('param').email;
      if (!lookupTokenValid(jwtSecret, email, c.req.valid('query').token))
        throw apiError(401, LOOKUP_MESSAGES.linkInvalid);
      // Every raffle's purchases, each with its raffle's name: the page groups them by it.
      const [found, names] = await Promise.all([findPurchasesByEmail(db, email), raffleNames(db)]);
      return c.json(found.map((p) => ({ ...p, raffleName: raffleNameIn(names, p.raffleId) })));
    },
  )

  // With the order link's key: the purchase as the confirmation page shows it. With the id
  // alone: its status and amounts only, nothing personal.
  // Staff who may see the purchase read it whole too.
  .get(
    '/:id',
    describe({
      operationId: 'getPurchase',
      tag: 'purchases',
      summary: 'Una compra (página de confirmación).',
      response: purchaseSchema,
      errors: BY_ID,
    }),
    optionalStaff(),
    validate('param', idParamSchema),
    async (c) => {
      const { db } = c.get('deps');
      const purchase = await getPurchase(db, c.req.valid('param').id);
      if (!purchase) throw apiError(404, SERVER.purchaseNotFound);
      const staff = c.var.staff as StaffUser | undefined;
      const staffMay = staff !== undefined && staffMaySee(staff, purchase);
      if (!staffMay && !accessKeyMatches(purchase.accessKey, c.req.query('key')))
        return c.json(purchaseSummary(purchase));
      if (staffMay) await logBuyerDetailsViewed(db, staff, purchase);
      const full = await findPurchaseForBuyer(db, purchase._id);
      // Staff see the cédula the buyer gave (SPEC §6); the order link, which a buyer may
      // forward, does not carry it.
      const buyer = staffMay ? { ...full!.buyer, document: purchase.buyer.document } : full!.buyer;
      return c.json(withId({ ...full!, buyer, orderCode: purchase.orderCode }));
    },
  );

/**
 * SPEC §7's "Borrar todo", retired: sales are never deleted. The call keeps answering as
 * 'Borrar pedidos de prueba' of the featured raffle, which only a draft allows
 * (raffle-actions.ts); a published raffle's purchases are refused with a Spanish 409.
 */
export const purchasesAdminRouter = new Hono<AppEnv>().delete(
  '/delete-all-purchases',
  describe({
    operationId: 'deleteAllPurchases',
    tag: 'purchases',
    summary:
      'Borra los pedidos de prueba de la rifa principal, solo mientras es un borrador (las ventas nunca se borran).',
    response: msgResponseSchema,
    errors: [409],
  }),
  requireStaff(ADMIN_ONLY),
  async (c) => {
    const ctx = { db: c.get('deps').db, actor: c.get('staff') };
    try {
      const cleared = await clearTestOrders(
        ctx,
        await raffleIdOf(c),
        RAFFLE_TEXTS.clearConfirmWord,
      );
      return c.json({ msg: RAFFLE_TEXTS.cleared(cleared) });
    } catch (error) {
      if (error instanceof RaffleRefusal) throw apiError(error.status, error.message);
      throw error;
    }
  },
);
