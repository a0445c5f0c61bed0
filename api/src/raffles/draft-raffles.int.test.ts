// A draft raffle is not published: by its address (slug) or its id, every call of one raffle
// answers 404 to a visitor and to a reseller as if it did not exist, and only admins reach
// it. The table below is checked against every route the app mounts under
// /api/raffles/{raffle}/, so a new route has to say which kind it is. Resellers' reports
// do not name drafts, and a new raffle's address may not be another raffle's id.
import { RAFFLE_TEXTS, type StaffRaffle } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customOrder } from '../payments/test-fixtures';
import { documentedRoutes } from '../routes/index';
import { type ApiCaller, startServerWithStaff } from '../testing/seed';
import type { TestServer } from '../testing/server';

let server: TestServer;
let call: ApiCaller;
let admin: string;
let reseller: string;
let draft: StaffRaffle;
let published: StaffRaffle;

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();
const fields = (name: string) => ({
  name,
  prize: 'Moto 150 cc',
  imageUrl: '',
  pricePerNumber: 2,
  endDate: inAWeek(),
  totalNumbers: 100,
  description: 'Aún en preparación',
  numberMode: 'pick',
});

async function created(name: string): Promise<StaffRaffle> {
  const res = await call('POST', '/admin/raffles', { token: admin, body: fields(name) });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  const raffle = res.json as StaffRaffle;
  const pkg = await call('POST', `/raffles/${raffle.slug}/packages`, {
    token: admin,
    body: { name: 'Trío', quantity: 3, price: 5, isPopular: false },
  });
  expect(pkg.status, JSON.stringify(pkg.json)).toBe(201);
  return raffle;
}

beforeAll(async () => {
  ({ server, call, admin, reseller } = await startServerWithStaff());
  draft = await created('Rifa Secreta Navidad');
  published = await created('Rifa Publicada');
  expect(
    (await call('POST', `/admin/raffles/${published._id}/publish`, { token: admin })).status,
  ).toBe(200);
});
afterAll(async () => server?.stop());

type Route = [method: string, path: string, body?: unknown];

/** What anyone may call: for a draft, 404 to all but admins. */
const PUBLIC: Route[] = [
  ['GET', ''],
  ['GET', '/lottery'],
  ['GET', '/packages'],
  ['GET', '/packages/:id'],
  ['GET', '/number-grid'],
  ['POST', '/lucky-numbers', { count: 1 }],
  ['POST', '/payments/create-order', customOrder('bank_transfer', 1, 2)],
  ['GET', '/raffle/fairness'],
  ['GET', '/raffle/fairness/:ref'],
  ['GET', '/raffle/audit'],
  ['GET', '/raffle/instant-prizes'],
  ['GET', '/raffle/numbers/:number'],
  ['GET', '/raffle/raffle-progress'],
];

/** Behind an admin's token: a visitor hears 401 and a reseller 403, whatever the raffle. */
const ADMIN_ONLY: Route[] = [
  ['PUT', '/lottery'],
  ['PATCH', '/lottery/is-active'],
  ['POST', '/packages'],
  ['PUT', '/packages/:id'],
  ['DELETE', '/packages/:id'],
  ['POST', '/raffle/generate-raffle-numbers'],
  ['DELETE', '/raffle/delete-raffle-numbers'],
  ['POST', '/raffle/assign-random-prizes'],
  ['PUT', '/raffle/:id'],
  ['PUT', '/raffle/draw-rule'],
  ['GET', '/raffle/sale-status'],
  ['POST', '/raffle/draw/preview'],
  ['POST', '/raffle/draw'],
];

const PARAMS: Record<string, string> = {
  id: '00000000-0000-4000-8000-000000000000',
  number: '7',
  ref: 'rifa-0000',
};

function pathOf(ref: string, path: string): string {
  return `/raffles/${ref}${path.replace(/:(\w+)/g, (_, name: string) => PARAMS[name]!)}`;
}

describe('the calls of one raffle, for a draft', () => {
  it('every route under /api/raffles/{raffle}/ is in the table, as public or admin-only', () => {
    const mounted = documentedRoutes()
      .routes.filter((r) => r.path.startsWith('/api/raffles/:raffle') && r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path.slice('/api/raffles/:raffle'.length)}`);
    const table = [...PUBLIC, ...ADMIN_ONLY].map(([method, path]) => `${method} ${path}`);
    expect(new Set(mounted)).toEqual(new Set(table));
  });

  it.each(PUBLIC)(
    '%s %s answers 404 to a visitor and a reseller, by slug and by id',
    async (method, path, body) => {
      for (const ref of [draft.slug, draft._id]) {
        for (const token of [undefined, reseller]) {
          const res = await call(method, pathOf(ref, path), { body, token });
          expect(
            res.status,
            `${method} ${pathOf(ref, path)} ${token ? 'reseller' : 'visitor'}`,
          ).toBe(404);
          expect(JSON.stringify(res.json)).not.toContain(draft.name);
        }
      }
    },
  );

  it.each(ADMIN_ONLY)(
    '%s %s answers 401 to a visitor and 403 to a reseller',
    async (method, path) => {
      const body = method === 'GET' ? undefined : {};
      const visitor = await call(method, pathOf(draft.slug, path), { body });
      expect(visitor.status).toBe(401);
      const byReseller = await call(method, pathOf(draft.slug, path), {
        body,
        token: reseller,
      });
      expect(byReseller.status).toBe(403);
    },
  );

  it('answers an admin, who prepares it; once published, everyone', async () => {
    for (const path of ['/lottery', '/packages', '/raffle/raffle-progress', '/raffle/fairness']) {
      const byAdmin = await call('GET', pathOf(draft.slug, path), { token: admin });
      expect(byAdmin.status, path).toBe(200);
      const open = await call('GET', pathOf(published.slug, path));
      expect(open.status, path).toBe(200);
    }
    expect((await call('GET', pathOf(draft.slug, '/lottery'), { token: admin })).json.name).toBe(
      draft.name,
    );
  });
});

describe("resellers' reports", () => {
  it('do not offer or name a draft; an admin sees it', async () => {
    const offered = async (token: string) =>
      (
        (await call('GET', '/admin/reports/raffles', { token })).json as Array<{ name: string }>
      ).map((r) => r.name);
    expect(await offered(reseller)).not.toContain(draft.name);
    expect(await offered(reseller)).toContain(published.name);
    expect(await offered(admin)).toContain(draft.name);
    const report = await call('GET', `/admin/reports?raffleId=${draft._id}`, { token: reseller });
    expect(report).toMatchObject({ status: 404, json: { msg: RAFFLE_TEXTS.notFound } });
    const pdf = await call('GET', `/admin/reports?raffleId=${draft._id}&format=pdf`, {
      token: reseller,
    });
    expect(pdf.status).toBe(404);
  });
});

describe('a new raffle’s address', () => {
  it("may not be another raffle's id (the id would answer for it)", async () => {
    const res = await call('POST', '/admin/raffles', {
      token: admin,
      body: { ...fields('Rifa Impostora'), slug: published._id },
    });
    expect(res.status).toBe(400);
    expect(res.json.errors.slug).toBe(RAFFLE_TEXTS.slugTaken(published._id));
    const edit = await call('PUT', `/admin/raffles/${draft._id}`, {
      token: admin,
      body: { ...fields(draft.name), endDate: draft.endDate, slug: published._id },
    });
    expect(edit.status).toBe(400);
  });
});
