// "Mis datos" reaches only what the person proved (DESIGN, "Security"): their verified e-mail, their
// purchases and what names those purchases by id. Two real buyers order through the api
// and pay by a bank statement that staff import; then an attacker orders with the first
// buyer's phone and cédula and the address "TRANSF" (a word in every bank line), opens
// "Mis datos" with their own mailbox, downloads and deletes. Nothing of the others is in
// the download, and after the deletion both buyers' data, the bank lines and the audit
// are as they were, while the attacker's own fields are replaced whole. And two honest
// buyers who share a phone: neither sees nor erases the other's; the shared phone goes
// to staff review, shown on the data request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURCHASE_LIMIT_DEFAULTS, type ColumnMapping, type DataRequest } from '@vag/contracts';
import { getPurchase, type PurchaseDoc } from '@vag/core/db/purchases';
import {
  activeRaffle,
  buyer,
  customOrder,
  numbersOf,
  postJson,
} from '@vag/api/payments/test-fixtures';
import { bearer, createStaff } from '@vag/api/testing/seed';
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import { waitFor } from '@vag/core/testing/wait';
import { startTestServer, type TestServer } from '../testing/server';
import { pdfText } from '../testing/pdf-text';

let fakes: FakeProviders;
let srv: TestServer;
let api: string;
let admin: { authorization: string };
let adminEmail: string;
let lastOctet = 10;
const nextAddress = () => `198.51.100.${lastOctet++}`;

beforeAll(async () => {
  fakes = await startFakeProviders();
  srv = await startTestServer({
    env: { ...fakes.env, TRUST_PROXY: 'true', NOTIFY_RESEND_SECONDS: '3600' },
  });
  api = `${srv.url}/api`;
  await activeRaffle(srv.db, { totalNumbers: 60, pricePerNumber: 1.5 });
  const staff = await createStaff(srv.db, { role: 'admin', deps: srv.deps });
  admin = bearer(staff.token);
  adminEmail = staff.user.email;
  // The purchase limits on, as in production: each order then has its hold (keys and address).
  const limits = await postJson(
    `${api}/settings/current`,
    { purchaseLimits: PURCHASE_LIMIT_DEFAULTS },
    admin,
    'PUT',
  );
  expect(limits.status).toBe(200);
});
afterAll(async () => {
  await srv?.stop();
  await fakes?.stop();
});

interface Buyer {
  email: string;
  ip: string;
  purchase: PurchaseDoc;
}

/** A bank-transfer order of 2 numbers ($3,00) placed through the api from its own address. */
async function order(who: Record<string, string>): Promise<Buyer> {
  const ip = nextAddress();
  const details = buyer(who.email ? { ...who, confirmEmail: who.email } : who);
  const created = await postJson(
    `${api}/payments/create-order`,
    customOrder('bank_transfer', 2, 1.5, {
      buyer: { ...details, paymentProvider: 'bank_transfer' },
    }),
    { 'x-forwarded-for': ip },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return {
    email: details.email,
    ip,
    purchase: (await getPurchase(srv.db, created.body.purchaseId))!,
  };
}

const mapping: ColumnMapping = {
  headerRow: 3,
  date: 0,
  description: 1,
  reference: 3,
  amount: 5,
  credit: null,
  debit: null,
  kind: 2,
  dateFormat: 'DD/MM/YYYY',
  decimalSeparator: ',',
};

/** Staff import a statement (the bank's semicolon CSV) whose credits pay `codes`. */
async function importStatement(concepts: string[]): Promise<void> {
  const rows = [
    'BANCO DE EJEMPLO S.A.;;;;;;',
    'Cuenta: 2201234567;Titular: VOY A GANAR S.A.;;;;;',
    ';;;;;;',
    'Fecha;Concepto;Tipo;Documento;Oficina;Monto;Saldo',
    ...concepts.map((c, i) => `27/11/2026;${c};C;${91000 + i};MATRIZ;3,00;`),
  ];
  const form = new FormData();
  form.set('file', new Blob([Buffer.from(rows.join('\r\n') + '\r\n', 'latin1')]), 'estado.csv');
  form.set('bankAccount', '0');
  form.set('mapping', JSON.stringify(mapping));
  const res = await fetch(`${api}/admin/bank-statements`, {
    method: 'POST',
    headers: admin,
    body: form,
  });
  expect(res.status).toBe(201);
}

const mailTo = (email: string) =>
  waitFor(
    () => fakes.smtp.mails.find((m) => m.to.includes(email) && m.text.includes('datos personales')),
    { message: `the /mis-datos e-mail to ${email}` },
  );

/** Opens "Mis datos" with the link mailed to `email`: the session cookie. */
async function myDataSession(email: string): Promise<string> {
  await postJson(`${api}/my-data/requests`, { email }, { 'x-forwarded-for': nextAddress() });
  const token = decodeURIComponent(
    /\/mis-datos\/acceso\?t=(\S+)/.exec((await mailTo(email)).text)![1]!,
  );
  const res = await fetch(`${api}/my-data/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
    body: JSON.stringify({ token }),
  });
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

const withSession = (cookie: string, init: RequestInit = {}) => ({
  ...init,
  headers: {
    ...(init.headers as Record<string, string>),
    cookie,
    'x-forwarded-for': nextAddress(),
  },
});

/** The JSON download and the PDF's text, as the person gets them. */
async function download(cookie: string): Promise<{ json: string; pdf: string }> {
  const json = await fetch(`${api}/my-data`, withSession(cookie));
  expect(json.status).toBe(200);
  const pdf = await fetch(`${api}/my-data/pdf`, withSession(cookie));
  expect(pdf.status).toBe(200);
  return { json: await json.text(), pdf: await pdfText(Buffer.from(await pdf.arrayBuffer())) };
}

async function deleteMyData(cookie: string): Promise<void> {
  const res = await fetch(
    `${api}/my-data/deletion`,
    withSession(cookie, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ confirm: true }),
    }),
  );
  expect(res.status).toBe(200);
}

/** What a buyer's data is: their purchase's buyer block and method, their hold's keys and address. */
async function dataOf(b: Buyer) {
  const purchase = (await getPurchase(srv.db, b.purchase._id))!;
  const hold = await srv.db
    .collection<{ _id: string }>('order_holds')
    .findOne(
      { _id: b.purchase._id },
      { projection: { buyerKeys: 1, keyE: 1, keyP: 1, keyD: 1, address: 1 } },
    );
  return { buyer: purchase.buyer, paymentMethod: purchase.paymentMethod, hold };
}

const everything = (collection: string) =>
  srv.db
    .collection(collection)
    .find({}, { sort: { _id: 1 } })
    .toArray();

/** The staff's view of the requests, as the back office reads it. */
async function staffRequests(): Promise<DataRequest[]> {
  const res = await fetch(`${api}/admin/data-requests?range=[0,199]`, { headers: admin });
  return (await res.json()) as DataRequest[];
}

/** Every piece of `others`' data that must not appear in someone else's download. */
function theirTraces(others: Buyer[]): string[] {
  return others.flatMap((b) => [
    b.email,
    b.ip,
    b.purchase.orderCode!,
    b.purchase._id,
    b.purchase.buyer.firstName,
    b.purchase.buyer.lastName,
  ]);
}

describe('Mis datos reaches only what the person proved', () => {
  it("an attacker who types a victim's phone and cédula and the address TRANSF gets nothing of anyone else, and their deletion touches only their own fields, whole", async () => {
    const victim = await order({
      firstName: 'Victoria',
      lastName: 'Vélez',
      email: `victima-${Date.now()}@example.com`,
      phone: '0987001122',
      document: '1710034065',
      address: 'Calle Olmedo 12 y Rocafuerte',
    });
    const witness = await order({
      firstName: 'Walter',
      lastName: 'Wong',
      email: `testigo-${Date.now()}@example.com`,
      phone: '0987003344',
      document: '',
      address: 'Av. 6 de Diciembre N33-44',
    });
    await importStatement([
      `TRANSF DE VICTORIA VELEZ ${victim.purchase.orderCode}`,
      `TRANSF DE WALTER WONG ${witness.purchase.orderCode}`,
      'TRANSF INTERBANCARIA SIN PEDIDO',
    ]);
    await numbersOf(srv.db, victim.purchase._id);
    await numbersOf(srv.db, witness.purchase._id);

    const attacker = await order({
      firstName: 'Andrés',
      lastName: 'Arias',
      email: `atacante-${Date.now()}@example.com`,
      phone: '0987001122',
      document: '1710034065',
      address: 'TRANSF',
    });
    for (const b of [victim, witness, attacker]) expect((await dataOf(b)).hold).not.toBeNull();
    const before = {
      victim: await dataOf(victim),
      witness: await dataOf(witness),
      lines: await everything('bank_statement_lines'),
      audit: await everything('audit_log'),
    };
    expect(before.lines).toHaveLength(3);
    // What staff did is in the audit under their e-mail: none of it is the attacker's.
    expect(JSON.stringify(before.audit)).toContain(adminEmail);

    const cookie = await myDataSession(attacker.email);
    const { json, pdf } = await download(cookie);
    for (const trace of [...theirTraces([victim, witness]), adminEmail, 'VICTORIA', 'WALTER'])
      for (const [format, text] of [
        ['JSON', json],
        ['PDF', pdf],
      ] as const)
        expect(text.toLowerCase(), `${format} holds ${trace}`).not.toContain(trace.toLowerCase());
    const data = JSON.parse(json) as { sections: Record<string, Array<Record<string, unknown>>> };
    expect(data.sections.purchases!.map((p) => p.orderCode)).toEqual([attacker.purchase.orderCode]);
    expect(data.sections.payments).toEqual([]);
    expect(pdf).toContain(`Pedido ${attacker.purchase.orderCode}`);

    await deleteMyData(cookie);

    expect(await dataOf(victim)).toEqual(before.victim);
    expect(await dataOf(witness)).toEqual(before.witness);
    expect(await everything('bank_statement_lines')).toEqual(before.lines);
    const audit = await everything('audit_log');
    for (const entry of before.audit) expect(audit).toContainEqual(entry);

    const own = await dataOf(attacker);
    expect(own.buyer).toMatchObject({
      firstName: 'Anónimo',
      lastName: '',
      phone: '',
      document: '',
      address: '',
      city: '',
      province: '',
    });
    expect(own.buyer.email).toMatch(/^anonimo-[0-9a-f]{12}@anonimo\.invalid$/);
    expect(own.paymentMethod).toBe('bank_transfer');
    expect(own.hold).toMatchObject({ buyerKeys: [], address: '' });

    // The phone and cédula the attacker typed are the victim's too: staff review them.
    const request = (await staffRequests()).find(
      (r) => r.kind === 'deletion' && r.review.length > 0 && r.what?.includes('revisión'),
    );
    expect(request?.status).toBe('pending');
    expect(request?.review).toEqual([
      { field: 'phone', value: '+593987001122', otherOrders: [victim.purchase.orderCode] },
      { field: 'document', value: '1710034065', otherOrders: [victim.purchase.orderCode] },
    ]);
  });

  it('two buyers who share a phone: neither sees nor erases the other; the phone goes to staff review', async () => {
    const phone = '0987005566';
    const first = await order({
      firstName: 'Paula',
      lastName: 'Paredes',
      email: `paula-${Date.now()}@example.com`,
      phone,
      document: '',
    });
    const second = await order({
      firstName: 'Pedro',
      lastName: 'Paredes',
      email: `pedro-${Date.now()}@example.com`,
      phone,
      document: '',
    });
    const secondBefore = await dataOf(second);

    const cookie = await myDataSession(first.email);
    const { json, pdf } = await download(cookie);
    for (const trace of [second.email, second.ip, second.purchase.orderCode!, 'Pedro'])
      for (const text of [json, pdf]) expect(text).not.toContain(trace);
    expect(json).toContain(first.purchase.orderCode);

    await deleteMyData(cookie);

    expect(await dataOf(second)).toEqual(secondBefore);
    expect((await dataOf(first)).buyer.firstName).toBe('Anónimo');
    const request = (await staffRequests()).find((r) =>
      r.review.some((item) => item.otherOrders.includes(second.purchase.orderCode!)),
    );
    expect(request).toMatchObject({
      kind: 'deletion',
      status: 'pending',
      review: [
        { field: 'phone', value: '+593987005566', otherOrders: [second.purchase.orderCode] },
      ],
    });
    expect(request!.email).toMatch(/@anonimo\.invalid$/);
  });
});
