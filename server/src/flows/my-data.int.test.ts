// A buyer's rights, self-service (/mis-datos): the request answers the same whether the
// e-mail has data or not and the link goes only to that mailbox (real SMTP); the link
// opens once and for 24 h; with it the buyer downloads (JSON, PDF), corrects their
// contact data as the checkout validates it, withdraws marketing consent and deletes
// their data. Staff see each request with its deadline and can run a deletion themselves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MY_DATA_COOKIE, MY_DATA_TEXTS as T, VALIDATION } from '@vag/contracts';
import { postJson } from '@vag/api/payments/test-fixtures';
import { bearer, createStaff } from '@vag/api/testing/seed';
import { insertPurchase, raffleWithNumbers } from '@vag/core/testing/raffle-fixtures';
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import { waitFor } from '@vag/core/testing/wait';
import { startTestServer, type TestServer } from '../testing/server';
import { pdfText } from '../testing/pdf-text';

let fakes: FakeProviders;
let srv: TestServer;
let api: string;
let admin: { authorization: string };
let lastOctet = 10;
const fromNewAddress = () => ({ 'x-forwarded-for': `198.51.100.${lastOctet++}` });

beforeAll(async () => {
  fakes = await startFakeProviders();
  srv = await startTestServer({ env: { ...fakes.env, TRUST_PROXY: 'true' } });
  api = `${srv.url}/api`;
  await raffleWithNumbers(srv.db, 100);
  admin = bearer((await createStaff(srv.db, { role: 'admin', deps: srv.deps })).token);
});
afterAll(async () => {
  await srv?.stop();
  await fakes?.stop();
});

const mailTo = (email: string) =>
  waitFor(
    () => fakes.smtp.mails.find((m) => m.to.includes(email) && m.text.includes('datos personales')),
    {
      message: `the /mis-datos e-mail to ${email}`,
    },
  );
const linkIn = (text: string) => /\/mis-datos\/acceso\?t=(\S+)/.exec(text)?.[1];
const tokenIn = (text: string) => decodeURIComponent(linkIn(text)!);

async function openSession(token: string) {
  const res = await fetch(`${api}/my-data/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...fromNewAddress() },
    body: JSON.stringify({ token }),
  });
  const cookie = res.headers.get('set-cookie') ?? '';
  return { res, cookie: cookie.split(';')[0]!, setCookie: cookie };
}

const withSession = (cookie: string, init: RequestInit = {}) => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), cookie, ...fromNewAddress() },
});

describe('/api/my-data', () => {
  it('answers the same for an e-mail with data and one without, and mails each mailbox only', async () => {
    const buyer = `titular-${Date.now()}@example.com`;
    const stranger = `nadie-${Date.now()}@example.com`;
    await insertPurchase(srv.db, { email: buyer });
    const withData = await postJson(`${api}/my-data/requests`, { email: buyer }, fromNewAddress());
    const without = await postJson(
      `${api}/my-data/requests`,
      { email: stranger },
      fromNewAddress(),
    );
    expect(withData).toEqual({ status: 202, body: { msg: T.requested } });
    expect(without).toEqual(withData);

    const mail = await mailTo(buyer);
    expect(mail.to).toEqual([buyer]);
    expect(linkIn(mail.text)).toBeTruthy();
    const none = await mailTo(stranger);
    expect(none.text).toContain('No tenemos datos personales');
    expect(linkIn(none.text)).toBeUndefined();
    // Each request is recorded answered once its e-mail went out.
    await expect
      .poll(async () =>
        (
          await srv.db
            .collection('data_requests')
            .find({ email: { $in: [buyer, stranger] } })
            .toArray()
        )
          .map((r) => `${r.email === buyer ? 'titular' : 'extraño'}: ${r.status} ${r.what}`)
          .sort(),
      )
      .toEqual([`extraño: done ${T.answeredWithoutData}`, `titular: done ${T.answeredWithLink}`]);
  });

  it('POST /api/my-data/requests answers 400 with the e-mail message, and 429 past the limit', async () => {
    const bad = await postJson(
      `${api}/my-data/requests`,
      { email: 'no-es-correo' },
      fromNewAddress(),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors.email).toBe(VALIDATION.emailInvalid);
    const from = fromNewAddress();
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(
        (await postJson(`${api}/my-data/requests`, { email: `x${i}@example.com` }, from)).status,
      );
    expect(answers).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('opens once: a reused link answers 410 "ya se usó", an expired one 410 "ya venció"', async () => {
    const buyer = `unavez-${Date.now()}@example.com`;
    await insertPurchase(srv.db, { email: buyer });
    await postJson(`${api}/my-data/requests`, { email: buyer }, fromNewAddress());
    const token = tokenIn((await mailTo(buyer)).text);
    const first = await openSession(token);
    expect(first.res.status).toBe(200);
    expect(first.setCookie).toMatch(new RegExp(`^${MY_DATA_COOKIE}=`));
    expect(first.setCookie).toMatch(/HttpOnly/i);
    const again = await openSession(token);
    expect(again.res.status).toBe(410);
    expect(await again.res.json()).toEqual({ msg: T.linkUsed });

    const late = `tarde-${Date.now()}@example.com`;
    await insertPurchase(srv.db, { email: late });
    await postJson(`${api}/my-data/requests`, { email: late }, fromNewAddress());
    const lateToken = tokenIn((await mailTo(late)).text);
    await srv.db
      .collection('data_requests')
      .updateOne(
        { email: late, kind: 'access' },
        { $set: { 'access.expiresAt': new Date(Date.now() - 1000) } },
      );
    const expired = await openSession(lateToken);
    expect(expired.res.status).toBe(410);
    expect(await expired.res.json()).toEqual({ msg: T.linkExpired });
    expect((await openSession('inventado')).res.status).toBe(410);
    expect((await fetch(`${api}/my-data`)).status).toBe(401);
  });

  it('with the link: downloads JSON and PDF, corrects contact data, withdraws marketing, deletes; staff see each request', async () => {
    const buyer = `completo-${Date.now()}@example.com`;
    const purchaseId = await insertPurchase(srv.db, { email: buyer });
    await postJson(`${api}/my-data/requests`, { email: buyer }, fromNewAddress());
    const { cookie } = await openSession(tokenIn((await mailTo(buyer)).text));

    const json = await fetch(`${api}/my-data`, withSession(cookie));
    expect(json.status).toBe(200);
    expect(json.headers.get('content-disposition')).toContain('mis-datos.json');
    const data = (await json.json()) as {
      email: string;
      sections: { purchases: Array<Record<string, unknown>> };
    };
    expect(data.email).toBe(buyer);
    expect(data.sections.purchases).toHaveLength(1);
    expect(data.sections.purchases[0]).toMatchObject({ firstName: 'Ana', email: buyer });
    const pdf = await fetch(`${api}/my-data/pdf`, withSession(cookie));
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain('Tus datos personales');
    expect(text).toContain(`Para Ana Pérez (${buyer})`);
    expect(text).toContain('Tus compras');
    expect(text).toContain('Av. Amazonas 123, Quito, Pichincha, Ecuador');
    expect(text).not.toContain(purchaseId);

    const patch = (body: unknown) =>
      fetch(
        `${api}/my-data`,
        withSession(cookie, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    const contact = {
      firstName: 'Ana María',
      lastName: 'Pérez',
      phone: '0987654321',
      province: 'Guayas',
      city: 'Guayaquil',
      address: 'Av. 9 de Octubre 100',
    };
    const refused = await patch({ ...contact, phone: '12', address: '' });
    expect(refused.status).toBe(400);
    const errors = ((await refused.json()) as { errors: Record<string, string> }).errors;
    expect(errors.address).toBe(VALIDATION.addressRequired);
    expect(errors.phone).toBeTruthy();
    expect((await patch(contact)).status).toBe(200);
    const now = (await (await fetch(`${api}/my-data/contact`, withSession(cookie))).json()) as {
      contact: unknown;
    };
    expect(now.contact).toEqual({ ...contact, phone: '+593987654321' });

    const withdrawal = await fetch(
      `${api}/my-data/marketing-withdrawal`,
      withSession(cookie, { method: 'POST' }),
    );
    expect(await withdrawal.json()).toEqual({ msg: T.marketingWithdrawn });

    const deletion = await fetch(
      `${api}/my-data/deletion`,
      withSession(cookie, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ confirm: true }),
      }),
    );
    expect(await deletion.json()).toEqual({ msg: T.deleted });
    const purchase = await srv.db.collection('purchases').findOne({ _id: purchaseId as never });
    expect(purchase!.buyer.firstName).toBe('Anónimo');
    expect(purchase!.status).toBe('COMPLETED');
    expect((await fetch(`${api}/my-data`, withSession(cookie))).status).toBe(401);

    const list = await fetch(`${api}/admin/data-requests?range=[0,99]`, { headers: admin });
    const rows = (await list.json()) as Array<{
      kind: string;
      email: string;
      status: string;
      dueAt: string;
      createdAt: string;
    }>;
    const kinds = rows.filter((r) => r.email.endsWith('@anonimo.invalid')).map((r) => r.kind);
    expect(kinds.sort()).toEqual([
      'access',
      'correction',
      'deletion',
      'export',
      'export',
      'marketing_withdrawal',
    ]);
    expect(rows.every((r) => r.email !== buyer)).toBe(true);
    const row = rows[0]!;
    expect(new Date(row.dueAt).getTime() - new Date(row.createdAt).getTime()).toBe(15 * 86_400_000);
  });

  it('staff enter a deletion received by letter and run it; only admins see the list', async () => {
    const buyer = `carta-${Date.now()}@example.com`;
    const purchaseId = await insertPurchase(srv.db, { email: buyer });
    const created = await postJson(
      `${api}/admin/data-requests`,
      { email: buyer, kind: 'deletion', note: 'Carta' },
      admin,
    );
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('pending');
    const run = await postJson(
      `${api}/admin/data-requests/${created.body.id}/delete-data`,
      {},
      admin,
    );
    expect(run.status).toBe(200);
    // Every fixture buyer has the same phone and cédula: those are left for staff.
    expect(run.body.status).toBe('pending');
    expect(run.body.review.map((r: { field: string }) => r.field)).toEqual(['phone', 'document']);
    const purchase = await srv.db.collection('purchases').findOne({ _id: purchaseId as never });
    expect(purchase!.buyer.email).toMatch(/@anonimo\.invalid$/);
    const again = await postJson(
      `${api}/admin/data-requests/${created.body.id}/delete-data`,
      {},
      admin,
    );
    expect(again.status).toBe(409);
    const seller = bearer((await createStaff(srv.db, { role: 'reseller', deps: srv.deps })).token);
    expect((await fetch(`${api}/admin/data-requests`, { headers: seller })).status).toBe(403);
  });
});
