// Transfer receipts cannot fill the disk: a refused upload stores nothing, an order keeps
// the files of its latest three receipts, uploads are rate-limited per order and per
// address, and an order that expired unpaid loses its receipts' files after the grace
// period, while the purchase keeps the record of each receipt.
import { ORDER_MESSAGES, SERVER } from '@vag/contracts';
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPurchase } from '@vag/core/db/purchases';
import { RECEIPTS_KEPT_AFTER_EXPIRY_MS, saveReceiptFile } from '@vag/core/db/receipts';
import {
  removeReceiptsOfEndedTransfers,
  removeUnlistedReceiptFiles,
} from '@vag/core/pipeline/receipt-files';
import { activeRaffle, customOrder, postJson } from '../../payments/test-fixtures';
import { createStaff } from '../../testing/seed';
import { roomInWindow } from '../../testing/rate-limits';
import { startTestServer, type TestServer } from '../../testing/server';

let server: TestServer;
let api: string;
let admin: string;

beforeAll(async () => {
  server = await startTestServer({
    env: { TRUST_PROXY: 'true', CREATE_ORDER_LIMIT_PER_MINUTE: '0' },
  });
  api = `${server.url}/api`;
  admin = (await createStaff(server.db, { role: 'admin' })).token;
  await activeRaffle(server.db, { totalNumbers: 500, pricePerNumber: 2 });
});
afterAll(async () => server?.stop());

/** A different PNG each time (a tail of random bytes), `extra` bytes long past its header. */
function png(extra = 16): Buffer {
  const header = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([header, Buffer.from(randomUUID()), Buffer.alloc(extra)]);
}

/** Each test calls from an address of its own, so the per-address limit is its own too. */
let addresses = 0;
const newAddress = () => `203.0.${Math.floor(Math.random() * 200)}.${++addresses}`;

async function transferOrder(address: string) {
  const res = await postJson(`${api}/payments/create-order`, customOrder('bank_transfer', 2, 2), {
    'x-forwarded-for': address,
  });
  expect(res.status).toBe(201);
  const key = new URL(res.body.orderUrl, server.url).searchParams.get('key')!;
  return { id: res.body.purchaseId as string, key };
}

const upload = (order: { id: string; key: string }, body: Buffer, address: string) =>
  fetch(`${api}/orders/${order.id}/receipt?key=${encodeURIComponent(order.key)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', 'x-forwarded-for': address },
    body: new Uint8Array(body),
  });

/** An upload sent in chunks (no Content-Length) on a connection of its own; answers the status. */
function chunkedUpload(
  order: { id: string; key: string },
  bytes: number,
  address: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${api}/orders/${order.id}/receipt?key=${encodeURIComponent(order.key)}`,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/octet-stream', 'x-forwarded-for': address },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    const chunk = Buffer.alloc(1024 * 1024);
    for (let sent = 0; sent < bytes; sent += chunk.length) req.write(chunk);
    req.end();
  });
}

/** The bytes stored for one order's receipts. */
async function storedBytesOf(purchaseId: string): Promise<number> {
  const files = await server.db
    .collection<{ length: number }>('receipts.files')
    .find({ 'metadata.purchaseId': purchaseId })
    .toArray();
  return files.reduce((sum, f) => sum + f.length, 0);
}

const staffGetReceipt = (purchaseId: string, receiptId: string) =>
  fetch(`${api}/purchases/${purchaseId}/receipts/${receiptId}`, {
    headers: { authorization: `Bearer ${admin}` },
  });

describe('POST /api/orders/{id}/receipt', () => {
  it("to a paid order answers 409 'Este pedido ya no acepta comprobantes.' and stores no byte", async () => {
    const address = newAddress();
    const order = await transferOrder(address);
    await server.db
      .collection('purchases')
      .updateOne({ _id: order.id as never }, { $set: { status: 'COMPLETED' } });

    for (let i = 0; i < 3; i++) {
      const res = await upload(order, png(1024 * 1024), address);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ msg: ORDER_MESSAGES.receiptNotAccepted });
    }
    expect(await storedBytesOf(order.id)).toBe(0);

    // Sent in chunks, without a length, and larger than any receipt: refused all the same.
    const chunked = await chunkedUpload(order, 7 * 1024 * 1024, address);
    expect([409, 413]).toContain(chunked);
    expect(await storedBytesOf(order.id)).toBe(0);
  });

  it('keeps the files of the latest three receipts; the older ones stay on the purchase as removed', async () => {
    const address = newAddress();
    const order = await transferOrder(address);
    const sent: Buffer[] = [];
    for (let i = 0; i < 5; i++) {
      const file = png(1000 + i);
      sent.push(file);
      expect((await upload(order, file, address)).status).toBe(201);
    }

    const page = await fetch(`${api}/orders/${order.id}?key=${order.key}`).then(
      (r) => r.json() as Promise<{ receipts: Array<{ id: string; size: number }> }>,
    );
    expect(page.receipts.map((r) => r.size)).toEqual(sent.slice(2).map((b) => b.length));
    expect(await storedBytesOf(order.id)).toBe(sent.slice(2).reduce((sum, b) => sum + b.length, 0));
    const latest = await staffGetReceipt(order.id, page.receipts[2]!.id);
    expect(Buffer.from(await latest.arrayBuffer())).toEqual(sent[4]);

    const purchase = await getPurchase(server.db, order.id);
    expect(purchase?.removedReceipts?.map((r) => r.size)).toEqual(
      sent.slice(0, 2).map((b) => b.length),
    );
    expect((await staffGetReceipt(order.id, purchase!.removedReceipts![0]!.id)).status).toBe(404);
  });

  it("answers 429 'Demasiados archivos enviados…' past five receipts for one order in ten minutes", async () => {
    await roomInWindow(10 * 60_000, 30_000);
    const address = newAddress();
    const order = await transferOrder(address);
    for (let i = 0; i < 5; i++) expect((await upload(order, png(), address)).status).toBe(201);
    const refused = await upload(order, png(), newAddress());
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ msg: SERVER.tooManyUploads });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it("answers 429 'Demasiados archivos enviados…' past thirty receipts from one address in ten minutes, before storing anything", async () => {
    await roomInWindow(10 * 60_000, 60_000);
    const address = newAddress();
    for (let o = 0; o < 6; o++) {
      const order = await transferOrder(address);
      for (let i = 0; i < 5; i++) expect((await upload(order, png(), address)).status).toBe(201);
    }
    const order = await transferOrder(address);
    const refused = await upload(order, png(), address);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ msg: SERVER.tooManyUploads });
    expect(await storedBytesOf(order.id)).toBe(0);
    // Another buyer elsewhere is not held back.
    expect((await upload(order, png(), newAddress())).status).toBe(201);
  });
});

describe('receipts of transfers that ended unpaid', () => {
  it('lose their files once the grace after expiry has passed; the purchase keeps their record', async () => {
    const address = newAddress();
    const [old, recent] = [await transferOrder(address), await transferOrder(address)];
    for (const order of [old, recent])
      for (let i = 0; i < 2; i++) expect((await upload(order, png(), address)).status).toBe(201);
    const now = Date.now();
    const expire = (id: string, at: number) =>
      server.db.collection('purchases').updateOne(
        { _id: id as never },
        {
          $set: {
            status: 'EXPIRED',
            'reservation.active': false,
            'reservation.expiresAt': new Date(at),
          },
        },
      );
    await expire(old.id, now - RECEIPTS_KEPT_AFTER_EXPIRY_MS - 60_000);
    await expire(recent.id, now - 60_000);

    expect(await removeReceiptsOfEndedTransfers(server.deps, new Date(now))).toBe(2);

    expect(await storedBytesOf(old.id)).toBe(0);
    const ended = await getPurchase(server.db, old.id);
    expect(ended?.receipts).toEqual([]);
    expect(ended?.removedReceipts).toHaveLength(2);
    // Staff may still confirm a late transfer that expired recently: its receipts stay.
    expect(await storedBytesOf(recent.id)).toBeGreaterThan(0);
    expect((await getPurchase(server.db, recent.id))?.receipts).toHaveLength(2);
  });
});

describe('receipt files no purchase lists', () => {
  it('are deleted an hour after their upload (refused uploads stored by earlier versions); listed ones stay', async () => {
    const address = newAddress();
    const order = await transferOrder(address);
    expect((await upload(order, png(), address)).status).toBe(201);
    // What the old upload route left behind: a file stored, then refused (never listed).
    await saveReceiptFile(server.db, {
      receiptId: randomUUID(),
      purchaseId: order.id,
      data: png(5000),
      contentType: 'image/png',
    });
    const listedBytes = (await getPurchase(server.db, order.id))!.receipts![0]!.size;
    expect(await storedBytesOf(order.id)).toBeGreaterThan(listedBytes);

    expect(await removeUnlistedReceiptFiles(server.deps, new Date())).toBe(0);
    expect(
      await removeUnlistedReceiptFiles(server.deps, new Date(Date.now() + 2 * 3_600_000)),
    ).toBe(1);
    expect(await storedBytesOf(order.id)).toBe(listedBytes);
  });
});
