// Staff access to a buyer's personal data is in the audit log, for staff only: the
// purchase's details, a transfer receipt, a report exported with buyers' data. The buyer
// reading their own order leaves no entry.
import { randomUUID } from 'node:crypto';
import { AUDIT_TEXTS, auditEntrySchema, type AuditEntry } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeRaffle, customOrder, postJson } from '../payments/test-fixtures';
import { apiCaller, createStaff, type ApiCaller } from '../testing/seed';
import { startTestServer, type TestServer } from '../testing/server';

let server: TestServer;
let call: ApiCaller;
let admin: string;
let adminEmail: string;

beforeAll(async () => {
  server = await startTestServer({ env: { CREATE_ORDER_LIMIT_PER_MINUTE: '0' } });
  call = apiCaller(server.url);
  const staff = await createStaff(server.db, { role: 'admin' });
  admin = staff.token;
  adminEmail = staff.user.email;
  await activeRaffle(server.db, { totalNumbers: 100, pricePerNumber: 2 });
});
afterAll(async () => server?.stop());

async function transferOrder() {
  const res = await postJson(
    `${server.url}/api/payments/create-order`,
    customOrder('bank_transfer', 1, 2),
  );
  expect(res.status).toBe(201);
  const key = new URL(res.body.orderUrl, server.url).searchParams.get('key')!;
  return { id: res.body.purchaseId as string, code: res.body.orderCode as string, key };
}

async function entries(action: AuditEntry['action']): Promise<AuditEntry[]> {
  const res = await call('GET', `/audit?range=${encodeURIComponent('[0,199]')}`, { token: admin });
  expect(res.status).toBe(200);
  return auditEntrySchema
    .array()
    .parse(res.json)
    .filter((e) => e.action === action);
}

describe('the access log of personal data', () => {
  it('GET /api/purchases/{id} by staff records who saw whose order, for staff only; the buyer with the key leaves none', async () => {
    const order = await transferOrder();
    expect((await call('GET', `/purchases/${order.id}?key=${order.key}`)).status).toBe(200);
    expect(
      (await entries('personal_data.viewed')).filter((e) => e.purchaseId === order.id),
    ).toEqual([]);

    expect((await call('GET', `/purchases/${order.id}`, { token: admin })).status).toBe(200);
    const [entry] = (await entries('personal_data.viewed')).filter(
      (e) => e.purchaseId === order.id,
    );
    expect(entry).toMatchObject({
      actor: adminEmail,
      description: AUDIT_TEXTS.personalDataViewed(order.code),
    });
    expect(entry!.scope).not.toBe('raffle');
  });

  it('opening a transfer receipt records who opened it', async () => {
    const order = await transferOrder();
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from(randomUUID()),
    ]);
    const uploaded = await fetch(
      `${server.url}/api/orders/${order.id}/receipt?key=${encodeURIComponent(order.key)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: new Uint8Array(png),
      },
    );
    expect(uploaded.status).toBeLessThan(300);
    const page = (await (
      await fetch(`${server.url}/api/orders/${order.id}?key=${encodeURIComponent(order.key)}`)
    ).json()) as { receipts: Array<{ id: string }> };
    const receiptId = page.receipts[0]!.id;
    const res = await call('GET', `/purchases/${order.id}/receipts/${receiptId}`, { token: admin });
    expect(res.status).toBe(200);
    const [entry] = (await entries('receipt.viewed')).filter((e) => e.purchaseId === order.id);
    expect(entry).toMatchObject({
      actor: adminEmail,
      description: AUDIT_TEXTS.receiptViewed(order.code),
    });
    expect(entry!.scope).not.toBe('raffle');
  });

  it('exporting the report as Excel records the export; viewing it on screen does not', async () => {
    await transferOrder();
    const before = (await entries('personal_data.exported')).length;
    expect((await call('GET', '/admin/reports', { token: admin })).status).toBe(200);
    expect(await entries('personal_data.exported')).toHaveLength(before);
    const res = await fetch(`${server.url}/api/admin/reports?format=xlsx`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(200);
    const exported = await entries('personal_data.exported');
    expect(exported).toHaveLength(before + 1);
    expect(exported[0]).toMatchObject({ actor: adminEmail });
    expect(exported[0]!.description).toMatch(
      /^Se exportó el reporte en Excel con datos personales/,
    );
    expect(exported[0]!.scope).not.toBe('raffle');
  });
});
