import {
  LOOKUP_MESSAGES,
  RAFFLE_TEXTS,
  PERMISSIONS,
  SERVER,
  STAFF_API_MESSAGES,
  purchaseLookupSchema,
} from '@vag/contracts';
import { signLookupToken } from '@vag/api/routes/purchases/lookup-token';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addReceipt } from '@vag/core/db/order-review';
import { getRaffleNumbers } from '@vag/core/db/raffle-numbers';
import {
  insertPurchase,
  purchasePaidMessage,
  raffleWithNumbers,
  watchNumbersAssigned,
  type PurchaseFixture,
} from '@vag/core/testing/raffle-fixtures';
import { staffToken } from '@vag/api/testing/seed';
import { startTestServer, type TestServer } from '../testing/server';
import { rateLimits } from '@vag/api/auth/rate-limit';
import { clearRateLimits, roomInWindow } from '@vag/api/testing/rate-limits';
import { CURRENT_RAFFLE_ID } from '@vag/core/db/raffle';

let srv: TestServer;
let watcher: Awaited<ReturnType<typeof watchNumbersAssigned>>;
let admin: { authorization: string };
let reseller: { authorization: string };
let resellerCode: string;

beforeEach(async () => {
  srv = await startTestServer();
  watcher = await watchNumbersAssigned(srv.deps.bus);
  admin = (await staffToken(srv.deps, 'admin')).auth;
  const r = await staffToken(srv.deps, 'reseller');
  reseller = r.auth;
  resellerCode = r.code!;
  await raffleWithNumbers(srv.db, 1000);
});
afterEach(async () => {
  await watcher.stop();
  await srv.stop();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are what the assertions check
type Json = any;

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${srv.url}/api${path}`, { headers });
  return {
    status: res.status,
    body: (await res.json()) as Json,
    contentRange: res.headers.get('content-range'),
    headers: res.headers,
  };
}

/** A paid purchase that went through the numbers worker. */
async function paid(fixture: PurchaseFixture = {}): Promise<{ id: string; numbers: string[] }> {
  const id = await insertPurchase(srv.db, fixture);
  await srv.deps.bus.publish([purchasePaidMessage(id, fixture.quantity ?? 2)]);
  await watcher.settled(id);
  const doc = await srv.db.collection('purchases').findOne({ _id: id as never });
  return { id, numbers: doc?.assignedNumbers as string[] };
}

describe('GET /api/purchases', () => {
  it("answers 401 'No tiene permisos para ver las compras' without a token", async () => {
    expect(await get('/purchases')).toMatchObject({
      status: 401,
      body: { msg: PERMISSIONS.viewPurchases },
    });
  });

  it('lists every purchase, newest first, for an admin, with ids and without internals', async () => {
    const older = await paid({ createdAt: new Date(Date.now() - 60_000) });
    const newer = await paid({ resellerCode });
    const res = await get('/purchases', admin);
    expect(res.status).toBe(200);
    expect(res.body.map((p: { _id: string }) => p._id)).toEqual([newer.id, older.id]);
    expect(res.body[0]).toMatchObject({
      id: newer.id,
      assignedNumbers: newer.numbers,
      resellerCode,
      buyer: { email: 'ana@example.com' },
    });
    for (const field of ['outbox', 'reservation', 'soldCountedAt'])
      expect(res.body[0]).not.toHaveProperty(field);
  });

  it('shows a reseller only the purchases carrying their code', async () => {
    const mine = await paid({ resellerCode });
    await paid({ resellerCode: 'OTRO123' });
    await paid();
    const res = await get('/purchases', reseller);
    expect(res.body.map((p: { _id: string }) => p._id)).toEqual([mine.id]);
  });

  it('pages with range and answers Content-Range', async () => {
    for (let i = 0; i < 3; i++)
      await insertPurchase(srv.db, { createdAt: new Date(Date.now() - i * 1000) });
    const res = await get(
      `/purchases?range=${encodeURIComponent('[1,5]')}&sort=${encodeURIComponent('["createdAt","DESC"]')}`,
      admin,
    );
    expect(res.body).toHaveLength(2);
    expect(res.contentRange).toBe('purchases 1-2/3');
  });

  it('searches by raffle number, by e-mail and by reseller code', async () => {
    const byNumber = await paid({ email: 'luis@example.com' });
    const byEmail = await paid({ email: 'maria.lopez@example.com' });
    const byCode = await paid({ resellerCode });
    const search = async (q: string) =>
      (await get(`/purchases?filter=${encodeURIComponent(JSON.stringify({ q }))}`, admin)).body.map(
        (p: { _id: string }) => p._id,
      );

    expect(await search(byNumber.numbers[1]!)).toEqual([byNumber.id]);
    expect(await search(String(Number(byNumber.numbers[0])))).toContain(byNumber.id);
    expect(await search('MARIA.LOPEZ')).toEqual([byEmail.id]);
    expect(await search(resellerCode.toLowerCase())).toEqual([byCode.id]);
    expect(await search('nadie@example.com')).toEqual([]);
  });

  it('filters by payment method', async () => {
    const transfer = await insertPurchase(srv.db, {
      paymentMethod: 'bank_transfer',
      status: 'PENDING',
    });
    await insertPurchase(srv.db, { paymentMethod: 'paypal' });
    const res = await get(
      `/purchases?filter=${encodeURIComponent(JSON.stringify({ paymentMethod: 'bank_transfer' }))}`,
      admin,
    );
    expect(res.body.map((p: { _id: string }) => p._id)).toEqual([transfer]);
    const all = await get(
      `/purchases?filter=${encodeURIComponent(JSON.stringify({ paymentMethod: 'all' }))}`,
      admin,
    );
    expect(all.body).toHaveLength(2);
  });

  it("answers react-admin's getMany by ids", async () => {
    const a = await insertPurchase(srv.db);
    await insertPurchase(srv.db);
    const c = await insertPurchase(srv.db);
    const res = await get(
      `/purchases?filter=${encodeURIComponent(JSON.stringify({ id: [a, c] }))}`,
      admin,
    );
    expect(res.body.map((p: { id: string }) => p.id).sort()).toEqual([a, c].sort());
  });

  it("answers 400 'Parámetros de consulta inválidos.' for a malformed range", async () => {
    expect(await get('/purchases?range=nope', admin)).toMatchObject({
      status: 400,
      body: {
        msg: STAFF_API_MESSAGES.invalidListQuery,
        errors: { range: STAFF_API_MESSAGES.invalidListQuery },
      },
    });
  });
});

/** The list link's token the lookup e-mail to `email` carries. */
const tokenFor = (email: string, expiresAt = new Date(Date.now() + 3_600_000)) =>
  encodeURIComponent(signLookupToken(srv.deps.jwtSecret, email, expiresAt));

describe('GET /api/purchases/by-email/{email}', () => {
  it('shows only what a buyer should see of their own purchases, with the list link of their e-mail', async () => {
    const mine = await paid({ email: 'ana@example.com', quantity: 3 });
    await paid({ email: 'otro@example.com' });
    const res = await get(
      `/purchases/by-email/Ana@Example.com?token=${tokenFor('ana@example.com')}`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    const [p] = res.body;
    expect(Object.keys(p).sort()).toEqual(
      [
        'assignedNumbers',
        'createdAt',
        'packageData',
        'paymentMethod',
        'quantity',
        'raffleId',
        'raffleName',
        'status',
        'statusText',
        'totalPrice',
      ].sort(),
    );
    expect(purchaseLookupSchema.safeParse(p).success).toBe(true);
    // The id would open GET /purchases/{id}, which shows the buyer's contact details.
    expect(JSON.stringify(res.body)).not.toContain(mine.id);
    expect(p).toMatchObject({
      status: 'COMPLETED',
      statusText: 'Pagado',
      quantity: 3,
      assignedNumbers: mine.numbers,
      packageData: { name: 'Personalizado' },
    });
  });

  it("reads an unpaid transfer whose receipt staff review as its order page does: 'Comprobante en revisión'", async () => {
    const id = await insertPurchase(srv.db, { status: 'PENDING', paymentMethod: 'bank_transfer' });
    const receipt = {
      id: 'recibo-1',
      contentType: 'image/png' as const,
      size: 10,
      uploadedAt: new Date(),
    };
    expect(await addReceipt(srv.db, id, receipt)).not.toBeNull();
    const res = await get(
      `/purchases/by-email/ana@example.com?token=${tokenFor('ana@example.com')}`,
    );
    expect(res.body).toMatchObject([{ status: 'PENDING', statusText: 'Comprobante en revisión' }]);
  });

  it('answers an empty list for an e-mail without purchases', async () => {
    expect(
      await get(`/purchases/by-email/nadie@example.com?token=${tokenFor('nadie@example.com')}`),
    ).toMatchObject({ status: 200, body: [] });
  });

  it("answers 401 'El enlace de consulta no es válido…' without the link, with another e-mail's, an expired or a forged one", async () => {
    await paid({ email: 'ana@example.com' });
    const refused = {
      status: 401,
      body: { msg: LOOKUP_MESSAGES.linkInvalid },
    };
    expect(await get('/purchases/by-email/ana@example.com')).toMatchObject(refused);
    expect(
      await get(`/purchases/by-email/ana@example.com?token=${tokenFor('otro@example.com')}`),
    ).toMatchObject(refused);
    const expired = tokenFor('ana@example.com', new Date(Date.now() - 1000));
    expect(await get(`/purchases/by-email/ana@example.com?token=${expired}`)).toMatchObject(
      refused,
    );
    const [expiry] = decodeURIComponent(tokenFor('ana@example.com')).split('.');
    expect(
      await get(`/purchases/by-email/ana@example.com?token=${expiry}.${'A'.repeat(43)}`),
    ).toMatchObject(refused);
  });

  it("limits lookups per address: past the limit within a minute it answers 429 'Demasiados intentos…' with Retry-After", async () => {
    const mine = await paid({ email: 'ana@example.com' });
    const { limit, windowMs } = rateLimits(srv.deps.env).lookup;
    await roomInWindow(windowMs);
    await clearRateLimits(srv.db);
    const statuses: number[] = [];
    for (let i = 0; i < limit; i++)
      statuses.push(
        (
          await get(
            `/purchases/by-email/buscado${i}@example.com?token=${tokenFor(`buscado${i}@example.com`)}`,
          )
        ).status,
      );
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await get('/purchases/by-email/ana@example.com');
    expect(refused).toMatchObject({ status: 429, body: { msg: SERVER.tooManyAttempts } });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The limit guards the lookup only: the confirmation page's read by id still answers.
    expect((await get(`/purchases/${mine.id}`)).status).toBe(200);
  });
});

describe('GET /api/purchases/{id}', () => {
  it('answers only status and amounts to an id without its key: nothing personal', async () => {
    const { id } = await paid();
    const res = await get(`/purchases/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: id, status: 'COMPLETED', keyRequired: true });
    expect(res.body).not.toHaveProperty('buyer');
    expect(res.body).not.toHaveProperty('assignedNumbers');
    for (const personal of ['Ana', 'Pérez', 'ana@example.com', '0991234567', 'Quito'])
      expect(JSON.stringify(res.body)).not.toContain(personal);
    // Another reseller's token is no key either.
    expect((await get(`/purchases/${id}`, reseller)).body).not.toHaveProperty('buyer');
  });

  it("answers the whole purchase to staff with the buyer's cédula, without internals", async () => {
    const { id, numbers } = await paid();
    const res = await get(`/purchases/${id}`, admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id: id,
      status: 'COMPLETED',
      assignedNumbers: numbers,
      buyer: {
        firstName: 'Ana',
        lastName: 'Pérez',
        email: 'ana@example.com',
        phone: '0991234567',
        city: 'Quito',
        province: 'Pichincha',
        document: '1710034065',
      },
    });
    for (const field of ['outbox', 'reservation', 'soldCountedAt', 'notifications'])
      expect(res.body).not.toHaveProperty(field);
    // The buyer's own link shows their purchase, not their cédula.
    const key = 'clave-del-enlace-de-ana-0123456789';
    await srv.db
      .collection('purchases')
      .updateOne({ _id: id as never }, { $set: { accessKey: key } });
    const byKey = await get(`/purchases/${id}?key=${key}`);
    expect(byKey.body.buyer).toMatchObject({ firstName: 'Ana' });
    expect(byKey.body.buyer).not.toHaveProperty('document');
  });

  it("answers 404 'Compra no encontrada.' for an unknown id", async () => {
    expect(await get('/purchases/no-such-purchase')).toMatchObject({
      status: 404,
      body: { msg: SERVER.purchaseNotFound },
    });
  });
});

describe('DELETE /api/admin/delete-all-purchases', () => {
  const del = (headers: Record<string, string> = {}) =>
    fetch(`${srv.url}/api/admin/delete-all-purchases`, { method: 'DELETE', headers }).then(
      async (r) => ({ status: r.status, body: await r.json() }),
    );

  it("clears a draft raffle's test orders: every purchase and claim, and frees every number and prize", async () => {
    // Never published: the admin tried its checkout before opening the sale.
    await srv.db
      .collection<{ _id: string }>('raffles')
      .updateOne({ _id: CURRENT_RAFFLE_ID }, { $unset: { publishedAt: '' } });
    await fetch(`${srv.url}/api/raffle/assign-random-prizes`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ prizes: [{ amount: 10 }] }),
    });
    await paid({ quantity: 5 });
    await insertPurchase(srv.db, { quantity: 2, status: 'PENDING' });
    await srv.db
      .collection('instant_prizes')
      .updateMany({}, { $set: { status: 'pending', purchaseId: 'x', delivered: true } });

    const orders = await srv.db.collection('purchases').countDocuments();
    expect(await del(admin)).toEqual({ status: 200, body: { msg: RAFFLE_TEXTS.cleared(orders) } });
    expect(await srv.db.collection('purchases').countDocuments()).toBe(0);
    expect(await srv.db.collection('number_claims').countDocuments()).toBe(0);
    expect(await getRaffleNumbers(srv.db, CURRENT_RAFFLE_ID)).toMatchObject({
      available: 1000,
      reserved: 0,
      sold: 0,
      nextPosition: 0,
      soldOut: false,
      numbersGenerated: true,
    });
    expect(await srv.db.collection('instant_prizes').findOne()).toMatchObject({
      status: 'available',
      purchaseId: null,
      delivered: false,
    });
    // Selling again starts from the first position.
    expect((await paid({ quantity: 1 })).numbers).toHaveLength(1);
  });

  it('answers 401 without a token and 403 for a reseller, deleting nothing', async () => {
    await insertPurchase(srv.db);
    expect(await del()).toMatchObject({ status: 401, body: { msg: PERMISSIONS.notAuthenticated } });
    expect((await del(reseller)).status).toBe(403);
    expect(await srv.db.collection('purchases').countDocuments()).toBe(1);
  });
});
