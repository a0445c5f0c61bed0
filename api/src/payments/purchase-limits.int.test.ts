// The purchase limits of Ajustes, as a buyer and an attacker meet them: a maximum per
// order, per buyer (e-mail, phone or cédula) and a ceiling on unpaid numbers per buyer
// and per client address, also a share of the raffle; a transfer's short first hold that
// a receipt lengthens once, when it can be a receipt. One anonymous caller must not be
// able to hold a raffle, nor learn that someone else's cédula holds numbers in it.
import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  LIMIT_MESSAGES,
  ORDER_MESSAGES,
  PURCHASE_LIMIT_DEFAULTS,
  SUGGESTED_UNPAID_PERCENT,
  SERVER,
  type PurchaseLimits,
} from '@vag/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getPurchase } from '@vag/core/db/purchases';
import { getCapacity } from '@vag/core/db/raffle-capacity';
import { sweepExpiredReservations } from '@vag/core/pipeline/sweeper';
import { queueDueReminders } from '@vag/core/pipeline/transfer-reminders';
import { staffToken } from '../testing/seed';
import { startTestServer, type TestServer } from '../testing/server';
import { activeRaffle, customOrder, postJson } from './test-fixtures';
import { strangerBuyer } from './test-buyers';
import { CURRENT_RAFFLE_ID } from '@vag/core/db/raffle';

const HOUR = 3_600_000;

/** A photo-like JPEG (noise) of a phone screenshot's size: what a real receipt looks like. */
const receiptPhoto = () =>
  sharp(randomBytes(540 * 960 * 3), { raw: { width: 540, height: 960, channels: 3 } })
    .jpeg()
    .toBuffer();

/** A 1×1 PNG, about a hundred bytes: a file, not a receipt. */
const tinyPng = () =>
  sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();

let server: TestServer;
let auth: { authorization: string };
beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  auth = (await staffToken(server.deps, 'admin')).auth;
});
afterAll(async () => server?.stop());

/** A fresh raffle (10 000 numbers), nothing held, and these limits saved in Ajustes. */
async function freshRaffle(
  limits: Partial<PurchaseLimits>,
  totalNumbers = 10_000,
  { draft = false } = {},
) {
  await server.db.collection('purchases').deleteMany({});
  await server.db.collection('order_holds').deleteMany({});
  await server.db.collection('raffles').deleteMany({});
  await server.db.collection('raffle_numbers').deleteMany({});
  await activeRaffle(server.db, { totalNumbers, pricePerNumber: 1, draft });
  server.deps.storefrontCache.invalidate();
  const saved = await postJson(
    `${server.url}/api/settings/current`,
    { purchaseLimits: { ...PURCHASE_LIMIT_DEFAULTS, ...limits } },
    auth,
    'PUT',
  );
  expect(saved.status).toBe(200);
}

/** A custom transfer order from `address` (X-Forwarded-For behind TRUST_PROXY). */
function order(
  quantity: number,
  address: string,
  buyer = strangerBuyer(),
  headers: Record<string, string> = {},
) {
  return postJson(
    `${server.url}/api/payments/create-order`,
    customOrder('bank_transfer', quantity, 1, {
      buyer: { ...buyer, paymentProvider: 'bank_transfer' },
    }),
    { 'x-forwarded-for': address, ...headers },
  );
}

const heldNumbers = async () => (await getCapacity(server.db, CURRENT_RAFFLE_ID))!.reserved;

describe('one anonymous order cannot hold the raffle', () => {
  beforeEach(() => freshRaffle({}));

  it("answers 400 'Puedes comprar hasta 100 números por pedido.' above the default maximum, never the remainder, and holds nothing", async () => {
    for (const quantity of [1_000_000_000, 9_959, 101]) {
      const res = await order(quantity, '203.0.113.1');
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(LIMIT_MESSAGES.perOrder(100));
      expect(res.body.errors).toEqual({ quantity: LIMIT_MESSAGES.perOrder(100) });
      expect(res.body.msg).not.toMatch(/quedan/);
    }
    expect(await heldNumbers()).toBe(0);
    expect((await order(100, '203.0.113.1')).status).toBe(201);
  });

  it('the public settings carry the per-order maximum for the storefront', async () => {
    const res = await fetch(`${server.url}/api/settings`);
    expect(((await res.json()) as { maxPerOrder: number }).maxPerOrder).toBe(100);
  });
});

describe('unpaid numbers per buyer and per address', () => {
  it("one buyer's unpaid orders stop at the ceiling, by e-mail, phone or cédula alike", async () => {
    await freshRaffle({ maxPerOrder: 10, maxUnpaidPerBuyer: 15, maxUnpaidPerAddress: 0 });
    const ana = strangerBuyer();
    expect((await order(10, '203.0.113.2', ana)).status).toBe(201);
    const email = `otro-${randomUUID().slice(0, 8)}@example.com`;
    for (const same of [
      { phone: ana.phone },
      { document: ana.document },
      { email: ana.email.toUpperCase(), confirmEmail: ana.email.toUpperCase() },
    ]) {
      const again = strangerBuyer({ email, confirmEmail: email, ...same });
      const res = await order(10, `203.0.113.${3 + Math.floor(Math.random() * 200)}`, again);
      expect(res.status, JSON.stringify(same)).toBe(409);
      expect(res.body.msg).toBe(LIMIT_MESSAGES.capReached);
    }
    expect((await order(5, '203.0.113.2', ana)).status).toBe(201);
    expect(await heldNumbers()).toBe(15);
  });

  it('made-up buyers from one address hold at most its ceiling, even all at once; another address goes on', async () => {
    await freshRaffle({ maxPerOrder: 10, maxUnpaidPerAddress: 25 });
    // All at once: racing orders see each other, so together they never pass the ceiling.
    const burst = await Promise.all(Array.from({ length: 12 }, () => order(10, '198.51.100.7')));
    const accepted = burst.filter((a) => a.status === 201).length;
    expect(accepted * 10).toBeLessThanOrEqual(25);
    for (const refused of burst.filter((a) => a.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toBe(LIMIT_MESSAGES.capReached);
    }
    // One after another: up to the ceiling, then refused.
    for (let i = accepted; i < 2; i++) expect((await order(10, '198.51.100.7')).status).toBe(201);
    const over = await order(10, '198.51.100.7');
    expect(over.status).toBe(409);
    expect(over.body.msg).toBe(LIMIT_MESSAGES.capReached);
    expect(await heldNumbers()).toBe(20);
    expect((await order(10, '198.51.100.8')).status).toBe(201);
  });

  it('a paid order frees its unpaid room, while the per-buyer maximum counts paid numbers too', async () => {
    await freshRaffle({ maxPerOrder: 10, maxUnpaidPerBuyer: 10, maxPerBuyer: 20 });
    const ana = strangerBuyer();
    const first = await order(10, '203.0.113.9', ana);
    expect(first.status).toBe(201);
    expect((await order(1, '203.0.113.9', ana)).body.msg).toBe(LIMIT_MESSAGES.capReached);
    const confirmed = await postJson(
      `${server.url}/api/purchases/${first.body.purchaseId}/confirm-transfer`,
      { referenceCode: 'REF-1', bankName: 'Pichincha' },
      auth,
      'PATCH',
    );
    expect(confirmed.status).toBe(200);
    expect((await order(10, '203.0.113.9', ana)).status).toBe(201);
    const third = await order(1, '203.0.113.10', ana);
    expect(third.status).toBe(409);
    expect(third.body.msg).toBe(LIMIT_MESSAGES.capReached);
  });

  it("after 'Borrar todo' a buyer's deleted purchases no longer count against them", async () => {
    // 'Borrar todo' clears a draft's test orders: the admin tries its checkout before the
    // sale opens (a draft answers nobody else, SPEC §7).
    await freshRaffle({ maxPerOrder: 10, maxPerBuyer: 10, maxUnpaidPerBuyer: 10 }, 10_000, {
      draft: true,
    });
    const ana = strangerBuyer();
    const first = await order(10, '203.0.113.12', ana, auth);
    expect(first.status).toBe(201);
    const confirmed = await postJson(
      `${server.url}/api/purchases/${first.body.purchaseId}/confirm-transfer`,
      { referenceCode: 'REF-2', bankName: 'Pichincha' },
      auth,
      'PATCH',
    );
    expect(confirmed.status).toBe(200);
    expect((await order(1, '203.0.113.12', ana, auth)).body.msg).toBe(LIMIT_MESSAGES.capReached);
    const wiped = await fetch(`${server.url}/api/admin/delete-all-purchases`, {
      method: 'DELETE',
      headers: auth,
    });
    expect(wiped.status).toBe(200);
    expect((await order(10, '203.0.113.12', ana, auth)).status).toBe(201);
  });

  it('an order within the limits still hears the remainder when fewer numbers are left', async () => {
    await freshRaffle({});
    await server.db
      .collection<{ _id: string }>('raffles')
      .updateOne({}, { $set: { available: 7 } });
    const res = await order(8, '203.0.113.11');
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(SERVER.notEnoughNumbers(7));
  });
});

/**
 * Made-up buyers from `address` take what they can: the most one order may take, then
 * less and less, until even one number is refused. Answers the numbers held.
 */
async function holdAll(address: string, sizes: number[]): Promise<number> {
  let held = 0;
  for (const quantity of sizes) {
    for (;;) {
      const res = await order(quantity, address);
      if (res.status !== 201) {
        expect(res.status).toBe(409);
        expect(res.body.msg).toBe(LIMIT_MESSAGES.capReached);
        break;
      }
      held += quantity;
    }
  }
  return held;
}

describe('the unpaid ceilings are a share of the raffle', () => {
  it('in a raffle of 200 numbers one address holds 4 (2 %) and ten addresses 40 (20 %), with a 2 % share', async () => {
    await freshRaffle({ maxUnpaidPercent: SUGGESTED_UNPAID_PERCENT }, 200);
    expect(await holdAll('198.51.100.40', [10, 5, 2, 1])).toBe(4);
    let ten = 0;
    for (let i = 1; i <= 10; i++) ten += await holdAll(`198.51.101.${i}`, [10, 5, 2, 1]);
    expect(ten).toBe(40);
    expect(await heldNumbers()).toBe(4 + ten);
  });

  it('is off by default: an honest buyer of a 100-number raffle holds 10 unpaid numbers', async () => {
    await freshRaffle({}, 100);
    expect((await order(10, '198.51.100.60')).status).toBe(201);
  });

  it('in a raffle of 1 000 numbers one buyer, from any address, holds at most 20 unpaid', async () => {
    await freshRaffle({ maxUnpaidPercent: SUGGESTED_UNPAID_PERCENT }, 1000);
    const ana = strangerBuyer();
    expect((await order(20, '198.51.100.50', ana)).status).toBe(201);
    const more = await order(1, '198.51.100.51', ana);
    expect(more.status).toBe(409);
    expect(more.body.msg).toBe(LIMIT_MESSAGES.capReached);
    // Someone else goes on.
    expect((await order(20, '198.51.100.52')).status).toBe(201);
  });
});

describe('a refusal tells a stranger nothing about another buyer', () => {
  it("typing someone's cédula, phone or e-mail at their unpaid ceiling answers as any ceiling does", async () => {
    await freshRaffle({ maxPerOrder: 10, maxUnpaidPerBuyer: 10, maxUnpaidPerAddress: 10 });
    const ana = strangerBuyer();
    expect((await order(10, '203.0.113.30', ana)).status).toBe(201);
    // A buyer of their own at their own address's ceiling.
    expect((await order(10, '203.0.113.31')).status).toBe(201);
    const atAddress = await order(1, '203.0.113.31');
    expect(atAddress.status).toBe(409);
    const email = `otra-${randomUUID().slice(0, 8)}@example.com`;
    for (const typed of [
      { document: ana.document },
      { phone: ana.phone },
      { email: ana.email, confirmEmail: ana.email },
    ]) {
      const probe = await order(1, `203.0.113.${40 + Math.floor(Math.random() * 200)}`, {
        ...strangerBuyer({ email, confirmEmail: email }),
        ...typed,
      });
      expect(probe.status, JSON.stringify(typed)).toBe(atAddress.status);
      expect(probe.body, JSON.stringify(typed)).toEqual(atAddress.body);
    }
  });
});

describe("a transfer's short first hold", () => {
  it('holds for firstHoldHours, a receipt lengthens it to transferHoldHours, and the sweeper and reminders keep to it', async () => {
    await freshRaffle({ firstHoldHours: 2 });
    const unpaid = await order(3, '203.0.113.20');
    const receipted = await order(4, '203.0.113.21');
    const before = (await getPurchase(server.db, unpaid.body.purchaseId))!;
    const created = before.createdAt.getTime();
    expect(before.reservation.expiresAt.getTime() - created).toBeCloseTo(2 * HOUR, -4);

    const key = new URL(receipted.body.orderUrl, server.url).searchParams.get('key')!;
    const upload = await fetch(
      `${server.url}/api/orders/${receipted.body.purchaseId}/receipt?key=${encodeURIComponent(key)}`,
      { method: 'POST', body: new Uint8Array(await receiptPhoto()) },
    );
    expect(upload.status).toBe(201);
    const page = (await upload.json()) as { order: { expiresAt?: string } };
    const lengthened = (await getPurchase(server.db, receipted.body.purchaseId))!;
    expect(lengthened.reservation.expiresAt.getTime() - lengthened.createdAt.getTime()).toBeCloseTo(
      48 * HOUR,
      -4,
    );
    expect(JSON.stringify(page.order)).toContain(lengthened.reservation.expiresAt.toISOString());

    // The reminder (6 h ahead by default) is not sent at once on a 2-hour hold: halfway.
    expect(await queueDueReminders(server.deps, new Date(created + 60_000))).toBe(0);
    expect(await queueDueReminders(server.deps, new Date(created + HOUR + 60_000))).toBe(1);

    await sweepExpiredReservations(server.deps, new Date(created + 2 * HOUR + 60_000));
    expect((await getPurchase(server.db, unpaid.body.purchaseId))!.status).toBe('EXPIRED');
    expect((await getPurchase(server.db, receipted.body.purchaseId))!.status).toBe('PENDING');
    expect(await heldNumbers()).toBe(4);
  });

  it('a 1×1 image keeps the first hold (and says why); a photo lengthens it once, and a second file no further', async () => {
    await freshRaffle({ firstHoldHours: 2 });
    const placed = await order(3, '203.0.113.22');
    const id = placed.body.purchaseId as string;
    const key = new URL(placed.body.orderUrl, server.url).searchParams.get('key')!;
    const send = async (file: Buffer) => {
      const res = await fetch(
        `${server.url}/api/orders/${id}/receipt?key=${encodeURIComponent(key)}`,
        { method: 'POST', body: new Uint8Array(file) },
      );
      expect(res.status).toBe(201);
      return ((await res.json()) as { msg: string }).msg;
    };
    const hold = async () => {
      const p = (await getPurchase(server.db, id))!;
      return p.reservation.expiresAt.getTime() - p.createdAt.getTime();
    };

    // Without a chosen channel the order's messages go by SMS.
    const received = ORDER_MESSAGES.receiptReceived(undefined);
    expect(await send(await tinyPng())).toBe(ORDER_MESSAGES.receiptUnreadable);
    expect(await hold()).toBeCloseTo(2 * HOUR, -4);
    expect(await send(await receiptPhoto())).toBe(received);
    expect(await hold()).toBeCloseTo(48 * HOUR, -4);
    const lengthened = (await getPurchase(server.db, id))!.reservation.expiresAt;
    expect(await send(await receiptPhoto())).toBe(received);
    expect((await getPurchase(server.db, id))!.reservation.expiresAt).toEqual(lengthened);
    // The small file is kept for staff all the same.
    expect((await getPurchase(server.db, id))!.receipts).toHaveLength(3);
  });
});
