// The bank-transfer order against the real store: the order code and link, the order
// page's answers, receipts, staff's rejection and confirmation (with who and when), the
// buyer's messages, what an id alone reveals, and who may confirm.
import { ORDER_MESSAGES } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { getCapacity } from '@vag/core/db/raffle-capacity';
import { getPurchase, insertPurchaseWithCode } from '@vag/core/db/purchases';
import { activeRaffle, customOrder, numbersOf, postJson } from '@vag/api/payments/test-fixtures';
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import { apiCaller, createStaff, type ApiCaller } from '@vag/api/testing/seed';
import { startTestServer, TEST_BANK_ACCOUNT, type TestServer } from '../testing/server';
import { waitFor } from '@vag/core/testing/wait';
import { CURRENT_RAFFLE_ID } from '@vag/core/db/raffle';

let fakes: FakeProviders;
let server: TestServer;
let call: ApiCaller;
let admin: string;
let api: string;

beforeAll(async () => {
  fakes = await startFakeProviders();
  server = await startTestServer({ env: { ...fakes.env, SWEEP_INTERVAL_SECONDS: '1' } });
  api = `${server.url}/api`;
  call = apiCaller(server.url);
  admin = (await createStaff(server.db, { role: 'admin' })).token;
  await activeRaffle(server.db, { totalNumbers: 200, pricePerNumber: 2 });
});
afterAll(async () => {
  await server?.stop();
  await fakes?.stop();
});

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const PDF = Buffer.from('%PDF-1.4\n%comprobante\n');

/** A phone of its own per order: a buyer gets one unpaid order's messages an hour. */
let phones = 0;
const ownPhone = () => `0990${String(100000 + phones++).padStart(6, '0')}`;

async function transferOrder(quantity = 3, overrides: Record<string, unknown> = {}) {
  const order = customOrder('bank_transfer', quantity, 2);
  const res = await postJson(`${api}/payments/create-order`, {
    ...order,
    buyer: { ...order.buyer, phone: ownPhone() },
    ...overrides,
  });
  expect(res.status).toBe(201);
  const url = new URL(res.body.orderUrl, server.url);
  return {
    ...res.body,
    id: res.body.purchaseId as string,
    key: url.searchParams.get('key')!,
  } as { id: string; key: string; orderCode: string; orderUrl: string; msg: string };
}

const upload = (id: string, key: string, body: Buffer, type = 'application/octet-stream') =>
  fetch(`${api}/orders/${id}/receipt?key=${encodeURIComponent(key)}`, {
    method: 'POST',
    headers: { 'content-type': type },
    body: new Uint8Array(body),
  });

const mailsTo = (email: string) => fakes.smtp.mails.filter((m) => m.to.includes(email));

describe('bank-transfer order', () => {
  it('create-order answers the order code and the order page link, never WhatsApp, and e-mails and texts the link', async () => {
    const order = await transferOrder();
    expect(order.orderCode).toMatch(/^VAG-[2-9A-HJKMNP-Z]{6}$/);
    expect(order.orderUrl).toBe(`/pedido?id=${order.id}&key=${order.key}`);
    expect(order.key.length).toBeGreaterThanOrEqual(32);
    expect(JSON.stringify(order)).not.toContain('wa.me');

    const page = await call('GET', `/orders/${order.id}?key=${order.key}`);
    expect(page.status).toBe(200);
    expect(page.json).toMatchObject({
      orderCode: order.orderCode,
      state: 'awaiting_payment',
      statusText: 'Pendiente de pago',
      totalPrice: 6,
      quantity: 3,
      bankAccounts: [TEST_BANK_ACCOUNT],
      canUploadReceipt: true,
      assignedNumbers: [],
      whatsappText: expect.stringContaining(order.orderCode),
    });
    const hold = new Date(page.json.deadline).getTime() - Date.now();
    expect(hold).toBeGreaterThan(47 * 3_600_000);

    const { email } = (await server.db.collection('purchases').findOne({ _id: order.id as never }))!
      .buyer as { email: string };
    const mail = await waitFor(() => mailsTo(email)[0]);
    expect(mail.text).toContain(order.orderCode);
    expect(mail.text).toContain(`/pedido?id=${order.id}&key=${order.key}`);
    await waitFor(() => fakes.twilio.messages.find((m) => m.body.includes(order.orderCode)));
  });

  it('two orders get different codes, and the store keeps a code to one purchase', async () => {
    const [a, b] = await Promise.all([transferOrder(1), transferOrder(1)]);
    expect(a.orderCode).not.toBe(b.orderCode);

    // create-order draws another code when the insert says this one is taken.
    const taken = (await getPurchase(server.db, a.id))!;
    const copy = { ...taken, _id: randomUUID() };
    expect(await insertPurchaseWithCode(server.db, copy)).toBe(false);
    expect(await getPurchase(server.db, copy._id)).toBeNull();
    expect(await insertPurchaseWithCode(server.db, { ...copy, orderCode: 'VAG-TEST22' })).toBe(
      true,
    );
    await server.db.collection('purchases').deleteOne({ _id: copy._id as never });
  });

  it('an id without its key reveals nothing personal: GET /orders/{id} answers 404, GET /purchases/{id} only status and amounts', async () => {
    const order = await transferOrder(2, {
      buyer: {
        ...customOrder('bank_transfer', 2, 2).buyer,
        phone: '0987771122',
        address: 'Calle Secreta 123',
      },
    });
    // The last character always changes: appending a fixed 'A' was the real key whenever it ended in A.
    const lastChanged = order.key.slice(0, -1) + (order.key.endsWith('A') ? 'B' : 'A');
    for (const key of ['', 'x'.repeat(32), lastChanged])
      expect((await call('GET', `/orders/${order.id}?key=${key}`)).status).toBe(404);

    const bare = await call('GET', `/purchases/${order.id}`);
    expect(bare.status).toBe(200);
    expect(bare.json).toMatchObject({ status: 'PENDING', totalPrice: 4, keyRequired: true });
    const text = JSON.stringify(bare.json);
    for (const personal of [
      'María',
      'Guamán',
      '@example.com',
      '0987771122',
      'Calle Secreta',
      'Quito',
      order.key,
      order.orderCode,
    ])
      expect(text).not.toContain(personal);

    const keyed = await call('GET', `/purchases/${order.id}?key=${order.key}`);
    expect(keyed.json.buyer).toMatchObject({ firstName: 'María', address: 'Calle Secreta 123' });
    expect(keyed.json.orderCode).toBe(order.orderCode);
  });

  it('receipts: typed by content, at most 5 MB, a replacement keeps the earlier one for staff', async () => {
    const order = await transferOrder();
    const text = await upload(order.id, order.key, Buffer.from('no soy una imagen'), 'image/png');
    expect(text.status).toBe(415);
    expect(((await text.json()) as { msg: string }).msg).toBe(ORDER_MESSAGES.receiptType);
    const big = await upload(
      order.id,
      order.key,
      Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]),
    );
    expect(big.status).toBe(413);
    expect(((await big.json()) as { msg: string }).msg).toBe(ORDER_MESSAGES.receiptTooLarge);
    expect((await upload(order.id, 'mala-clave', PNG)).status).toBe(404);

    const first = await upload(order.id, order.key, PNG);
    expect(first.status).toBe(201);
    expect(((await first.json()) as { order: unknown }).order).toMatchObject({
      state: 'in_review',
      statusText: 'Comprobante en revisión',
    });
    expect((await upload(order.id, order.key, PDF)).status).toBe(201);

    const page = (await call('GET', `/orders/${order.id}?key=${order.key}`)).json;
    expect(page.receipts.map((r: { contentType: string }) => r.contentType)).toEqual([
      'image/png',
      'application/pdf',
    ]);
    const [png, pdf] = page.receipts as Array<{ id: string }>;
    const shown = await fetch(`${api}/purchases/${order.id}/receipts/${png!.id}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await shown.arrayBuffer())).toEqual(PNG);
    const pdfRes = await fetch(`${api}/purchases/${order.id}/receipts/${pdf!.id}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(pdfRes.headers.get('content-type')).toBe('application/pdf');
    expect((await fetch(`${api}/purchases/${order.id}/receipts/${png!.id}`)).status).toBe(401);
  });

  it("staff find it under 'En revisión', reject it with a reason the buyer gets by e-mail and SMS, then confirm the new receipt; who and when are recorded", async () => {
    const order = await transferOrder(2);
    await upload(order.id, order.key, PNG);

    const list = await call(
      'GET',
      `/purchases?filter=${encodeURIComponent(JSON.stringify({ status: 'IN_REVIEW' }))}`,
      { token: admin },
    );
    expect(list.json.map((p: { _id: string }) => p._id)).toContain(order.id);
    expect(
      list.json.every((p: { review: { state: string } }) => p.review.state === 'in_review'),
    ).toBe(true);
    expect((await call('GET', '/purchases/in-review/count', { token: admin })).json.count).toBe(
      Number(list.headers.get('content-range')!.split('/')[1]),
    );

    const short = await call('POST', `/purchases/${order.id}/reject-transfer`, {
      token: admin,
      body: { reason: 'no' },
    });
    expect(short).toMatchObject({
      status: 400,
      json: { errors: { reason: ORDER_MESSAGES.rejectReasonMin } },
    });

    const reason = 'El monto transferido no coincide';
    const rejected = await call('POST', `/purchases/${order.id}/reject-transfer`, {
      token: admin,
      body: { reason },
    });
    expect(rejected.status).toBe(200);
    const page = (await call('GET', `/orders/${order.id}?key=${order.key}`)).json;
    expect(page).toMatchObject({
      state: 'rejected',
      statusText: 'Rechazado',
      rejectionReason: reason,
      canUploadReceipt: true,
      status: 'PENDING',
    });
    const buyerEmail = (await call('GET', `/purchases/${order.id}?key=${order.key}`)).json.buyer
      .email;
    await waitFor(() => mailsTo(buyerEmail).find((m) => m.text.includes(reason)));
    await waitFor(() => fakes.twilio.messages.find((m) => m.body.includes(reason)));

    await upload(order.id, order.key, PDF);
    expect((await call('GET', `/orders/${order.id}?key=${order.key}`)).json.state).toBe(
      'in_review',
    );
    const confirmed = await call('PATCH', `/purchases/${order.id}/confirm-transfer`, {
      token: admin,
      body: { referenceCode: order.orderCode, bankName: 'Banco Pichincha' },
    });
    expect(confirmed.status).toBe(200);
    await numbersOf(server.db, order.id);
    const paid = (await call('GET', `/orders/${order.id}?key=${order.key}`)).json;
    expect(paid).toMatchObject({
      state: 'paid',
      statusText: 'Pagado',
      deadline: null,
      canUploadReceipt: false,
    });
    expect(paid.assignedNumbers).toHaveLength(2);

    const staffView = (
      await call(
        'GET',
        `/purchases?filter=${encodeURIComponent(JSON.stringify({ id: order.id }))}`,
        { token: admin },
      )
    ).json[0];
    expect(staffView.reviewLog).toEqual([
      { action: 'rejected', by: expect.stringContaining('@'), at: expect.any(String), reason },
      { action: 'confirmed', by: expect.stringContaining('@'), at: expect.any(String) },
    ]);
    expect(staffView.orderCode).toBe(order.orderCode);
    expect(staffView).not.toHaveProperty('accessKey');
    expect(
      (
        await call('POST', `/purchases/${order.id}/reject-transfer`, {
          token: admin,
          body: { reason },
        })
      ).json.msg,
    ).toBe(ORDER_MESSAGES.notRejectable);
  });
});

describe('who may confirm or reject a transfer', () => {
  it('admins always; a reseller only with the setting on, only for own sales and only with a receipt or a bank line; 403 in Spanish otherwise; 401 anonymous', async () => {
    const own = await createStaff(server.db, { role: 'reseller' });
    const other = await createStaff(server.db, { role: 'reseller' });
    const sale = () => transferOrder(1, { resellerCode: own.user.code });
    const confirm = (id: string, token?: string) =>
      call('PATCH', `/purchases/${id}/confirm-transfer`, {
        token,
        body: { referenceCode: 'REF-1', bankName: 'Banco Guayaquil' },
      });
    const reject = (id: string, token?: string) =>
      call('POST', `/purchases/${id}/reject-transfer`, {
        token,
        body: { reason: 'Comprobante ilegible' },
      });

    const a = await sale();
    expect((await confirm(a.id)).status).toBe(401);
    expect((await reject(a.id)).status).toBe(401);
    expect(await confirm(a.id, own.token)).toMatchObject({
      status: 403,
      json: { msg: ORDER_MESSAGES.resellerConfirmOff },
    });
    expect(await reject(a.id, own.token)).toMatchObject({
      status: 403,
      json: { msg: ORDER_MESSAGES.resellerConfirmOff },
    });

    await call('PUT', '/settings/current', { token: admin, body: { resellersCanConfirm: true } });
    try {
      expect(await confirm(a.id, other.token)).toMatchObject({
        status: 403,
        json: { msg: ORDER_MESSAGES.resellerNotOwnSale },
      });
      expect(await reject(a.id, other.token)).toMatchObject({
        status: 403,
        json: { msg: ORDER_MESSAGES.resellerNotOwnSale },
      });
      expect((await reject(a.id, own.token)).status).toBe(200);
      // A reseller confirms only a payment they can point at: a receipt or a bank line.
      expect(await confirm(a.id, own.token)).toMatchObject({
        status: 409,
        json: { msg: ORDER_MESSAGES.resellerNeedsProof },
      });
      expect((await upload(a.id, a.key, PDF)).status).toBe(201);
      expect((await confirm(a.id, own.token)).status).toBe(200);
      const direct = await transferOrder(1);
      expect((await confirm(direct.id, own.token)).status).toBe(403);
    } finally {
      await call('PUT', '/settings/current', {
        token: admin,
        body: { resellersCanConfirm: false },
      });
    }
    const b = await sale();
    expect((await reject(b.id, admin)).status).toBe(200);
    expect((await confirm(b.id, admin)).status).toBe(200);
  });
});

describe('a hold that runs out', () => {
  it('reminds the buyer before the end, then expires with a message saying the numbers were released, and gives the capacity back', async () => {
    await call('PUT', '/settings/current', {
      token: admin,
      body: { transferHoldHours: 0.005, reminderLeadHours: 0.004 },
    });
    try {
      const before = (await getCapacity(server.db, CURRENT_RAFFLE_ID))!;
      const order = await transferOrder(4);
      const email = (await call('GET', `/purchases/${order.id}?key=${order.key}`)).json.buyer.email;
      expect((await getCapacity(server.db, CURRENT_RAFFLE_ID))!.available).toBe(
        before.available - 4,
      );

      const reminder = await waitFor(() => mailsTo(email).find((m) => m.text.includes('vence')), {
        timeoutMs: 15_000,
      });
      expect(reminder.text).toContain(order.orderCode);
      await waitFor(() =>
        fakes.twilio.messages.find(
          (m) => m.body.includes(order.orderCode) && m.body.includes('vence'),
        ),
      );

      const expiry = await waitFor(() => mailsTo(email).find((m) => m.text.includes('liberados')), {
        timeoutMs: 30_000,
      });
      expect(expiry.text).toContain(order.orderCode);
      // The SMS links the order page too, where a buyer who asked for news can withdraw.
      const expiredSms = await waitFor(() =>
        fakes.twilio.messages.find(
          (m) => m.body.includes(order.orderCode) && m.body.includes('liberados'),
        ),
      );
      expect(expiredSms.body).toMatch(/Tu pedido: http\S+/);
      expect((await call('GET', `/orders/${order.id}?key=${order.key}`)).json).toMatchObject({
        state: 'expired',
        statusText: 'Vencido',
        canUploadReceipt: false,
      });
      expect((await getCapacity(server.db, CURRENT_RAFFLE_ID))!.available).toBe(before.available);
      expect((await upload(order.id, order.key, PNG)).status).toBe(409);
    } finally {
      await call('PUT', '/settings/current', {
        token: admin,
        body: { transferHoldHours: 48, reminderLeadHours: 6 },
      });
    }
  });
});

describe('reseller attribution', () => {
  it("GET /api/referral/{code} names an active reseller's code and nothing for an unknown one; the order keeps only a real code", async () => {
    const seller = await createStaff(server.db, { role: 'reseller' });
    const code = seller.user.code!;
    expect((await call('GET', `/referral/${code.toLowerCase()}`)).json).toEqual({ code });
    expect((await call('GET', '/referral/REV-NOEXISTE')).json).toEqual({ code: null });

    const known = await transferOrder(1, { resellerCode: code.toLowerCase() });
    const unknown = await transferOrder(1, { resellerCode: 'REV-NOEXISTE' });
    const stored = async (id: string) =>
      (await server.db.collection('purchases').findOne({ _id: id as never }))!.resellerCode;
    expect(await stored(known.id)).toBe(code);
    expect(await stored(unknown.id)).toBeNull();
  });
});

describe('buyer data', () => {
  it('create-order stores the phone in E.164 and the cédula, and refuses bad ones in Spanish', async () => {
    const base = customOrder('bank_transfer', 1, 2);
    const order = await transferOrder(1, {
      buyer: { ...base.buyer, phone: '099 555-1234', document: '1710034065' },
    });
    const doc = await server.db.collection('purchases').findOne({ _id: order.id as never });
    expect(doc!.buyer).toMatchObject({ phone: '+593995551234', document: '1710034065' });

    const bad = await postJson(`${api}/payments/create-order`, {
      ...base,
      buyer: {
        ...base.buyer,
        phone: '+593 99 123 4567 🙂',
        document: '1710034066',
        firstName: 'a'.repeat(250),
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      'buyer.phone': 'Ingresa un celular ecuatoriano: 09XXXXXXXX o +5939XXXXXXXX',
      'buyer.document': 'La cédula o RUC no es válida',
      'buyer.firstName': 'Máximo 60 caracteres',
    });
    for (const quantity of [0, -5, 1.5]) {
      const res = await postJson(`${api}/payments/create-order`, { ...base, quantity });
      expect(res.body.errors?.quantity).toBe('La cantidad debe ser un número entero mayor que 0');
    }
  });
});
