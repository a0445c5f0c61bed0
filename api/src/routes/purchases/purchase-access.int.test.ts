// Who reads buyers' personal data through the staff history, and how much at once: a page
// is at most PURCHASES_PAGE_MAX purchases whatever range is asked, each page read is one
// entry in the access log, a reseller's list carries only their own sales and neither
// cédula nor street address, and no route about one purchase (message deliveries
// included) answers a reseller about another reseller's sale.
import { randomUUID } from 'node:crypto';
import { PURCHASES_PAGE_MAX, auditEntrySchema, type AuditEntry } from '@vag/contracts';
import { insertPurchase, type PurchaseDoc } from '@vag/core/db/purchases';
import { recordDelivery } from '@vag/core/messaging/deliveries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeRaffle } from '../../payments/test-fixtures';
import { apiCaller, createStaff, type ApiCaller, type CreatedStaff } from '../../testing/seed';
import { startTestServer, type TestServer } from '../../testing/server';

let server: TestServer;
let call: ApiCaller;
let admin: CreatedStaff;
let reseller: CreatedStaff;
let otherReseller: CreatedStaff;

const CEDULA = '1710034065';
const STREET = 'Av. Amazonas N34-120 y Atahualpa';
/** More than one page can hold, some of them sold by `reseller`. */
const DIRECT_SALES = PURCHASES_PAGE_MAX + 15;
const RESELLER_SALES = 3;

function sale(resellerCode: string | null): PurchaseDoc {
  const now = new Date();
  const tag = randomUUID().slice(0, 8);
  return {
    _id: randomUUID(),
    raffleId: 'current',
    createdAt: now,
    updatedAt: now,
    buyer: {
      firstName: 'Lucía',
      lastName: 'Andrade',
      email: `lucia-${tag}@example.com`,
      phone: '+593987654321',
      country: 'ECUADOR',
      address: STREET,
      city: 'Quito',
      province: 'Pichincha',
      document: CEDULA,
    },
    resellerCode,
    orderCode: `VAG-${tag.toUpperCase()}`,
    accessKey: randomUUID(),
    quantity: 1,
    unitPrice: 2,
    totalPrice: 2,
    paymentMethod: 'bank_transfer',
    status: 'COMPLETED',
    packageId: null,
    packageData: { name: 'Personalizado', quantity: 1, price: 2 },
    packageType: 'custom',
    reservation: { active: false, expiresAt: now },
    paidAt: now,
    numbersAssignedAt: now,
    assignedNumbers: ['0042'],
    messaging: { channel: 'whatsapp', optIn: { text: 'Acepto', at: now } },
  };
}

beforeAll(async () => {
  server = await startTestServer();
  call = apiCaller(server.url);
  admin = await createStaff(server.db, { role: 'admin' });
  reseller = await createStaff(server.db, { role: 'reseller' });
  otherReseller = await createStaff(server.db, { role: 'reseller' });
  await activeRaffle(server.db);
  for (let i = 0; i < DIRECT_SALES; i++) await insertPurchase(server.db, sale(null));
  for (let i = 0; i < RESELLER_SALES; i++)
    await insertPurchase(server.db, sale(reseller.user.code));
});
afterAll(async () => server?.stop());

const range = (start: number, end: number) => `range=${encodeURIComponent(`[${start},${end}]`)}`;

async function listings(): Promise<AuditEntry[]> {
  const res = await call('GET', `/audit?${range(0, 199)}`, { token: admin.token });
  expect(res.status).toBe(200);
  return auditEntrySchema
    .array()
    .parse(res.json)
    .filter((e) => e.action === 'personal_data.listed');
}

describe('the staff history of purchases', () => {
  it('answers at most one page of PURCHASES_PAGE_MAX, and says so in Content-Range', async () => {
    const total = DIRECT_SALES + RESELLER_SALES;
    const all = await call('GET', `/purchases?${range(0, 999)}`, { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.json).toHaveLength(PURCHASES_PAGE_MAX);
    expect(all.headers.get('content-range')).toBe(`purchases 0-${PURCHASES_PAGE_MAX - 1}/${total}`);

    const unranged = await call('GET', '/purchases', { token: admin.token });
    expect(unranged.json).toHaveLength(PURCHASES_PAGE_MAX);

    const rest = await call('GET', `/purchases?${range(100, 9999)}`, { token: admin.token });
    expect(rest.json).toHaveLength(total - 100);
    expect(rest.headers.get('content-range')).toBe(`purchases 100-${total - 1}/${total}`);
  });

  it('logs each page read: who, which filters and which orders', async () => {
    const before = (await listings()).length;
    const page = await call(
      'GET',
      `/purchases?${range(0, 9)}&filter=${encodeURIComponent(JSON.stringify({ status: 'COMPLETED', q: 'lucia' }))}`,
      { token: admin.token },
    );
    expect(page.status).toBe(200);
    expect(page.json).toHaveLength(10);
    const after = await listings();
    expect(after).toHaveLength(before + 1);
    const [entry] = after;
    expect(entry!.actor).toBe(admin.user.email);
    expect(entry!.description).toMatch(
      /^Se vio la lista de compras con datos personales de 10 compras/,
    );
    expect(entry!.description).toContain('estado COMPLETED');
    expect(entry!.description).toContain('con búsqueda');
    // What was searched may be a buyer's e-mail: the log names no person.
    expect(entry!.description).not.toContain('lucia');
    for (const row of page.json as Array<{ orderCode: string }>)
      expect(entry!.description).toContain(row.orderCode);
    expect(entry!.scope).not.toBe('raffle');
  });

  it("shows a reseller their own sales only, without the buyer's cédula or street address", async () => {
    const res = await call('GET', `/purchases?${range(0, 99)}`, { token: reseller.token });
    expect(res.status).toBe(200);
    const rows = res.json as Array<{ resellerCode: string; buyer: Record<string, unknown> }>;
    expect(rows).toHaveLength(RESELLER_SALES);
    for (const row of rows) {
      expect(row.resellerCode).toBe(reseller.user.code);
      expect(row.buyer).toMatchObject({ firstName: 'Lucía', phone: '+593987654321' });
      expect(row.buyer).not.toHaveProperty('document');
      expect(row.buyer).not.toHaveProperty('address');
    }
    expect(JSON.stringify(rows)).not.toContain(CEDULA);
    expect(JSON.stringify(rows)).not.toContain(STREET);

    const [entry] = await listings();
    expect(entry).toMatchObject({ actor: reseller.user.email });
    expect(entry!.description).toContain(`solo las del código ${reseller.user.code}`);
  });
});

describe("a reseller and another reseller's sale", () => {
  it('reads none of its routes: details, notifications, receipts, deliveries', async () => {
    const theirs = sale(otherReseller.user.code);
    await insertPurchase(server.db, theirs);
    await recordDelivery(server.db, {
      _id: `SM${randomUUID().replace(/-/g, '')}`,
      purchaseId: theirs._id,
      message: 'numbers',
      channel: 'whatsapp',
      to: theirs.buyer.phone,
      fallbackSid: null,
    });
    const asReseller = { token: reseller.token };

    const details = await call('GET', `/purchases/${theirs._id}`, asReseller);
    expect(details.status).toBe(200);
    expect(details.json).not.toHaveProperty('buyer');
    for (const [method, path] of [
      ['GET', `/admin/whatsapp/deliveries/${theirs._id}`],
      ['GET', `/purchases/${theirs._id}/notifications`],
      ['GET', `/purchases/${theirs._id}/review-permission`],
      ['GET', `/purchases/${theirs._id}/receipts/any`],
      ['POST', `/purchases/${theirs._id}/notifications/email/resend`],
    ] as const) {
      const res = await call(method, path, asReseller);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(JSON.stringify(res.json)).not.toContain(theirs.buyer.phone);
    }
    for (const [method, path, body] of [
      [
        'PATCH',
        `/purchases/${theirs._id}/confirm-transfer`,
        { referenceCode: 'ABC123', bankName: 'Pichincha' },
      ],
      ['POST', `/purchases/${theirs._id}/reject-transfer`, { reason: 'No se lee el comprobante' }],
    ] as const) {
      const res = await call(method, path, { ...asReseller, body });
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
    }

    // The seller of the sale, and admins, still read its deliveries.
    for (const token of [otherReseller.token, admin.token]) {
      const res = await call('GET', `/admin/whatsapp/deliveries/${theirs._id}`, { token });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject([{ channel: 'whatsapp', to: theirs.buyer.phone }]);
    }
  });
});
