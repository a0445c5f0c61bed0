// Raffles as records: an operator runs a second raffle beside the first, a buyer buys in
// each through its own address, and a raffle's life (publish, close, reopen, archive) is
// refused in Spanish wherever it may not go. Nothing of a published raffle is deleted.
import { PICK_MODE_MAX_NUMBERS, PICK_TEXTS, RAFFLE_TEXTS, SERVER } from '@vag/contracts';
import { CURRENT_RAFFLE_ID } from '@vag/core/db/raffle';
import { getCapacity } from '@vag/core/db/raffle-capacity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeRaffle, aPackage, customOrder, postJson } from '../../payments/test-fixtures';
import { type ApiCaller, startServerWithStaff } from '../../testing/seed';
import type { TestServer } from '../../testing/server';

let server: TestServer;
let call: ApiCaller;
let admin: string;
let reseller: string;
beforeAll(async () => {
  ({ server, call, admin, reseller } = await startServerWithStaff());
  await activeRaffle(server.db, { totalNumbers: 100, pricePerNumber: 1.5 });
});
afterAll(async () => server?.stop());

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();
const express = (overrides: Record<string, unknown> = {}) => ({
  name: 'Rifa Express Navidad',
  prize: 'iPhone 16',
  imageUrl: '',
  pricePerNumber: 2,
  endDate: inAWeek(),
  totalNumbers: 200,
  description: 'Mil oportunidades',
  ...overrides,
});

const raffleCount = () => server.db.collection('raffles').countDocuments();

async function refusedCreate(body: unknown, field: string, msg: string) {
  const before = await raffleCount();
  const res = await call('POST', '/admin/raffles', { token: admin, body });
  expect(res.status, JSON.stringify(res.json)).toBe(400);
  expect(res.json.errors?.[field] ?? res.json.msg).toBe(msg);
  expect(await raffleCount()).toBe(before);
}

describe('creating a raffle', () => {
  it('refuses bad input with a Spanish message per field and creates nothing', async () => {
    await refusedCreate(
      express({ endDate: '2020-01-01T00:00:00Z' }),
      'endDate',
      RAFFLE_TEXTS.endDateInPast,
    );
    await refusedCreate(
      express({ totalNumbers: 0 }),
      'totalNumbers',
      RAFFLE_TEXTS.totalNumbersTooSmall,
    );
    await refusedCreate(
      express({ totalNumbers: 1_000_001 }),
      'totalNumbers',
      RAFFLE_TEXTS.totalNumbersTooLarge,
    );
    await refusedCreate(express({ name: '  ' }), 'name', RAFFLE_TEXTS.nameRequired);
    await refusedCreate(express({ slug: 'Rifa Ñ' }), 'slug', RAFFLE_TEXTS.slugInvalid);
  });

  it('makes a draft with a slug from its name; a second one with the same slug is refused', async () => {
    const created = await call('POST', '/admin/raffles', { token: admin, body: express() });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      slug: 'rifa-express-navidad',
      status: 'draft',
      featured: false,
      sold: 0,
      revenue: 0,
      msg: RAFFLE_TEXTS.created,
    });
    await refusedCreate(
      express({ name: 'Otra', slug: 'rifa-express-navidad' }),
      'slug',
      RAFFLE_TEXTS.slugTaken('rifa-express-navidad'),
    );
    // A draft is nobody's to see yet.
    const listed = (await call('GET', '/raffles')).json as Array<{ slug: string }>;
    expect(listed.map((r) => r.slug)).not.toContain('rifa-express-navidad');
    expect((await call('GET', '/raffles/rifa-express-navidad')).status).toBe(404);
  });

  it("opening a draft's sale with SPEC's switch publishes it: its orders are sales, never test orders", async () => {
    const draft = await call('POST', '/admin/raffles', {
      token: admin,
      body: express({ name: 'Abierta a mano' }),
    });
    const base = `/raffles/${draft.json.slug}`;
    await call('POST', `${base}/raffle/generate-raffle-numbers`, { token: admin });
    const opened = await call('PATCH', `${base}/lottery/is-active`, {
      token: admin,
      body: { isActive: true },
    });
    expect(opened.status).toBe(200);
    const now = await call('GET', `/admin/raffles/${draft.json._id}`, { token: admin });
    expect(now.json.status).toBe('on_sale');
    const clear = await call('POST', `/admin/raffles/${draft.json._id}/clear-test-orders`, {
      token: admin,
      body: { confirm: 'BORRAR' },
    });
    expect(clear).toMatchObject({ status: 409, json: { msg: RAFFLE_TEXTS.notDraft } });
  });

  it('chooses its number mode while a draft; then it is fixed and stated to buyers', async () => {
    await refusedCreate(
      express({ name: 'Enorme', numberMode: 'pick', totalNumbers: 100_001 }),
      'numberMode',
      PICK_TEXTS.modeTooLarge(PICK_MODE_MAX_NUMBERS),
    );
    const draft = await call('POST', '/admin/raffles', {
      token: admin,
      body: express({ name: 'Elige tu número' }),
    });
    expect(draft.json.numberMode).toBe('random');
    const id: string = draft.json._id;
    const picked = await call('PUT', `/admin/raffles/${id}`, {
      token: admin,
      body: express({ name: 'Elige tu número', numberMode: 'pick' }),
    });
    expect(picked.status).toBe(200);
    expect(picked.json.numberMode).toBe('pick');
    await call('POST', `/raffles/${draft.json.slug}/packages`, {
      token: admin,
      body: { name: 'Trío', quantity: 3, price: 5, isPopular: false },
    });
    expect((await call('POST', `/admin/raffles/${id}/publish`, { token: admin })).status).toBe(200);
    const fixed = await call('PUT', `/admin/raffles/${id}`, {
      token: admin,
      body: express({ name: 'Elige tu número', numberMode: 'random' }),
    });
    expect(fixed).toMatchObject({
      status: 409,
      json: { msg: PICK_TEXTS.modeFixed, errors: { numberMode: PICK_TEXTS.modeFixed } },
    });
    const publicView = await call('GET', `/raffles/${draft.json.slug}`);
    expect(publicView.json.numberMode).toBe('pick');
  });

  it('is for admins: a reseller and a visitor are refused', async () => {
    expect(
      (await call('POST', '/admin/raffles', { token: reseller, body: express() })).status,
    ).toBe(403);
    expect((await call('GET', '/admin/raffles')).status).toBe(401);
  });

  it('duplicates a raffle as a template: its packages come along, its sales do not', async () => {
    await aPackage(server.db, { quantity: 5, price: 7 });
    const copy = await call('POST', '/admin/raffles', {
      token: admin,
      body: express({ name: 'Copia de la rifa', templateId: CURRENT_RAFFLE_ID }),
    });
    expect(copy.status).toBe(201);
    // A draft: its admin reads it.
    const packages = await call('GET', `/raffles/${copy.json.slug}/packages`, { token: admin });
    expect(packages.json).toEqual([expect.objectContaining({ quantity: 5, price: 7 })]);
    expect(copy.json.sold).toBe(0);
  });
});

describe('a second raffle on sale beside the first', () => {
  let b: { _id: string; slug: string };

  beforeAll(async () => {
    const created = await call('POST', '/admin/raffles', {
      token: admin,
      body: express({ name: 'Rifa B', slug: 'rifa-b', totalNumbers: 50 }),
    });
    b = created.json;
  });

  it('cannot be published without packages, then publishes and is listed for buyers', async () => {
    const bare = await call('POST', `/admin/raffles/${b._id}/publish`, { token: admin });
    expect(bare).toMatchObject({ status: 409, json: { msg: RAFFLE_TEXTS.noPackages } });
    const pkg = await call('POST', `/raffles/rifa-b/packages`, {
      token: admin,
      body: { name: 'Trío', quantity: 3, price: 5, isPopular: true },
    });
    expect(pkg.status).toBe(201);
    const published = await call('POST', `/admin/raffles/${b._id}/publish`, { token: admin });
    expect(published.json).toMatchObject({ status: 'on_sale', msg: RAFFLE_TEXTS.published });
    const again = await call('POST', `/admin/raffles/${b._id}/publish`, { token: admin });
    expect(again.json.msg).toBe(RAFFLE_TEXTS.transitionRefused('publish', 'on_sale'));
    const listed = (await call('GET', '/raffles')).json as Array<{ slug: string; status: string }>;
    expect(listed).toEqual(
      expect.arrayContaining([expect.objectContaining({ slug: 'rifa-b', status: 'on_sale' })]),
    );
    // The featured raffle's own calls still answer for it (SPEC §7).
    expect((await call('GET', '/lottery')).json._id).toBe(CURRENT_RAFFLE_ID);
    expect((await call('GET', '/raffles/rifa-b/lottery')).json).toMatchObject({
      _id: b._id,
      name: 'Rifa B',
      isActive: true,
    });
  });

  it("a buyer's order on B's address takes B's numbers and leaves A's untouched", async () => {
    const before = await getCapacity(server.db, CURRENT_RAFFLE_ID);
    const order = await postJson(
      `${server.url}/api/raffles/rifa-b/payments/create-order`,
      customOrder('bank_transfer', 4, 2),
    );
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const purchase = await server.db
      .collection('purchases')
      .findOne({ _id: order.body.purchaseId as never });
    expect(purchase?.raffleId).toBe(b._id);
    expect(await getCapacity(server.db, b._id)).toMatchObject({ reserved: 4, available: 46 });
    expect(await getCapacity(server.db, CURRENT_RAFFLE_ID)).toEqual(before);
    // B's price, not A's: an order priced at A's 1.50 is refused.
    const wrongPrice = await postJson(
      `${server.url}/api/raffles/rifa-b/payments/create-order`,
      customOrder('bank_transfer', 4, 1.5),
    );
    expect(wrongPrice).toMatchObject({ status: 400, body: { msg: SERVER.amountMismatch } });
  });

  it('an unknown raffle answers 404 in Spanish', async () => {
    const res = await call('GET', '/raffles/no-existe/lottery');
    expect(res).toMatchObject({ status: 404, json: { msg: RAFFLE_TEXTS.notFound } });
  });

  it('closes, reopens and closes again; its test orders can no longer be cleared', async () => {
    const closed = await call('POST', `/admin/raffles/${b._id}/close`, { token: admin });
    expect(closed.json).toMatchObject({ status: 'closed', msg: RAFFLE_TEXTS.closed });
    expect((await call('GET', '/raffles/rifa-b/lottery')).json.isActive).toBe(false);
    const reopened = await call('POST', `/admin/raffles/${b._id}/reopen`, { token: admin });
    expect(reopened.json).toMatchObject({ status: 'on_sale' });
    const archive = await call('POST', `/admin/raffles/${b._id}/archive`, { token: admin });
    expect(archive.json.msg).toBe(RAFFLE_TEXTS.transitionRefused('archive', 'on_sale'));
    const clear = await call('POST', `/admin/raffles/${b._id}/clear-test-orders`, {
      token: admin,
      body: { confirm: 'BORRAR' },
    });
    expect(clear).toMatchObject({ status: 409, json: { msg: RAFFLE_TEXTS.notDraft } });
    expect(await server.db.collection('purchases').countDocuments({ raffleId: b._id })).toBe(1);
  });

  it('features B on the home: the unscoped calls then answer for B', async () => {
    const featured = await call('POST', `/admin/raffles/${b._id}/feature`, { token: admin });
    expect(featured.json).toMatchObject({ featured: true, msg: RAFFLE_TEXTS.featured });
    expect((await call('GET', '/lottery')).json._id).toBe(b._id);
    const list = (await call('GET', '/admin/raffles', { token: admin })).json as Array<{
      _id: string;
      featured: boolean;
    }>;
    expect(list.filter((r) => r.featured).map((r) => r._id)).toEqual([b._id]);
    // SPEC §7's 'Borrar todo' now clears only a draft's test orders: B's sale stays.
    const wipe = await call('DELETE', '/admin/delete-all-purchases', { token: admin });
    expect(wipe).toMatchObject({ status: 409, json: { msg: RAFFLE_TEXTS.notDraft } });
    expect(await server.db.collection('purchases').countDocuments({ raffleId: b._id })).toBe(1);
    await call('POST', `/admin/raffles/${CURRENT_RAFFLE_ID}/feature`, { token: admin });
  });

  it('a draft cannot be featured: the home and the unscoped calls keep the published raffle', async () => {
    const draft = await call('POST', '/admin/raffles', {
      token: admin,
      body: express({ name: 'Sorpresa de Navidad', slug: 'sorpresa' }),
    });
    const refused = await call('POST', `/admin/raffles/${draft.json._id}/feature`, {
      token: admin,
    });
    expect(refused).toMatchObject({
      status: 409,
      json: { msg: RAFFLE_TEXTS.transitionRefused('feature', 'draft') },
    });
    expect((await call('GET', '/lottery')).json._id).toBe(CURRENT_RAFFLE_ID);
  });

  it('the number count is locked once published', async () => {
    const res = await call('PUT', `/admin/raffles/${b._id}`, {
      token: admin,
      body: express({ name: 'Rifa B', slug: 'rifa-b', totalNumbers: 80 }),
    });
    expect(res).toMatchObject({ status: 409, json: { msg: RAFFLE_TEXTS.numbersLocked } });
  });
});
