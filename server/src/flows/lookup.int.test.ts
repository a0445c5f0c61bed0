// The public lookup by e-mail: the page answers the same whether the e-mail has purchases
// or not, and the mailbox gets its order links and the signed list link (real SMTP); the
// verifier shows whether a number is sold, never to whom. A stranger who knows an e-mail
// learns neither its purchases nor, through /verificar, a name and city for its numbers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOKUP_MESSAGES, SERVER } from '@vag/contracts';
import { activeRaffle, customOrder, numbersOf, postJson } from '@vag/api/payments/test-fixtures';
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import { waitFor } from '@vag/core/testing/wait';
import { startTestServer, type TestServer } from '../testing/server';

let fakes: FakeProviders;
let server: TestServer;
let api: string;

beforeAll(async () => {
  fakes = await startFakeProviders();
  // TRUST_PROXY: each test speaks from addresses of its own, so limits stay per test.
  server = await startTestServer({ env: { ...fakes.env, TRUST_PROXY: 'true' } });
  api = `${server.url}/api`;
  await activeRaffle(server.db, { totalNumbers: 1000, pricePerNumber: 1.5 });
});

afterAll(async () => {
  await server?.stop();
  await fakes?.stop();
});

let lastOctet = 10;
const fromNewAddress = () => ({ 'x-forwarded-for': `203.0.113.${lastOctet++}` });

/** A paid PayPal purchase of `email`, with its numbers. */
async function paidPurchase(email: string) {
  const order = customOrder('paypal', 2);
  order.buyer = { ...order.buyer, email, confirmEmail: email };
  const created = await postJson(`${api}/payments/create-order`, order);
  const orderId = new URL(created.body.approveUrl).searchParams.get('token')!;
  fakes.paypal.approve(orderId);
  expect((await postJson(`${api}/payments/capture-order`, { orderId })).status).toBe(200);
  return numbersOf(server.db, created.body.purchaseId);
}

const ask = (email: string, headers = fromNewAddress()) =>
  postJson(`${api}/purchases/lookup`, { email }, headers);

/** The lookup e-mails to `email` (a buyer also has their numbers' e-mail). */
const mailsTo = (email: string) =>
  fakes.smtp.mails.filter(
    (m) => m.to.includes(email) && m.text.includes('Nos pediste los pedidos'),
  );

describe('POST /api/purchases/lookup', () => {
  it('answers the same to an e-mail with purchases and to one without, and e-mails each mailbox what it has', async () => {
    const buyer = `lookup-${Date.now()}@example.com`;
    const purchase = await paidPurchase(buyer);
    const stranger = `nadie-${Date.now()}@example.com`;

    const withPurchases = await ask(buyer.toUpperCase());
    const without = await ask(stranger);
    expect(withPurchases).toEqual({ status: 202, body: { msg: LOOKUP_MESSAGES.sent(buyer) } });
    expect(without).toEqual({ status: 202, body: { msg: LOOKUP_MESSAGES.sent(stranger) } });
    // The exact answers above hold no number (a not-contains on the body met the digits of
    // the e-mail's timestamp once).

    const mail = await waitFor(() => mailsTo(buyer)[0], { message: 'the lookup e-mail' });
    expect(mail.text).toContain(purchase.orderCode!);
    expect(mail.text).toContain(`/pedido?id=${purchase._id}&key=${purchase.accessKey}`);
    expect(mail.text).toContain('#lookup');
    // The numbers are behind the links, not in a message anyone could have asked for.
    for (const n of purchase.assignedNumbers) expect(mail.text).not.toContain(` ${n},`);

    const none = await waitFor(() => mailsTo(stranger)[0], {
      message: 'the e-mail without orders',
    });
    expect(none.text).toContain('no encontramos ninguno');
    expect(none.text).not.toContain('/pedido?id=');
  });

  it('the list link of the e-mail opens the list of status and numbers; GET /purchases/by-email without it answers 401', async () => {
    const buyer = `lista-${Date.now()}@example.com`;
    const purchase = await paidPurchase(buyer);
    const bare = await fetch(`${api}/purchases/by-email/${encodeURIComponent(buyer)}`);
    expect(bare.status).toBe(401);
    expect(await bare.text()).not.toContain(purchase.assignedNumbers[0]);

    await ask(buyer);
    const mail = await waitFor(() => mailsTo(buyer)[0], { message: 'the lookup e-mail' });
    const link = new URL(/(http\S+#lookup)/.exec(mail.text)![1]!);
    expect(link.searchParams.get('email')).toBe(buyer);
    const list = await fetch(
      `${api}/purchases/by-email/${encodeURIComponent(buyer)}?token=${encodeURIComponent(link.searchParams.get('consulta')!)}`,
    );
    expect(list.status).toBe(200);
    expect(await list.json()).toMatchObject([
      { status: 'COMPLETED', quantity: 2, assignedNumbers: purchase.assignedNumbers },
    ]);
  });

  it("lists and e-mails a buyer's purchases of every raffle, grouped under each raffle's name", async () => {
    const buyer = `dos-rifas-${Date.now()}@example.com`;
    const first = await paidPurchase(buyer);
    await server.db
      .collection<{ _id: string }>('raffles')
      .updateOne(
        { _id: 'r-b' },
        { $setOnInsert: { name: 'Rifa Express', slug: 'rifa-express', status: 'on_sale' } },
        { upsert: true },
      );
    // A purchase in the second raffle, stored as create-order and its payment leave one.
    const express = {
      _id: crypto.randomUUID(),
      raffleId: 'r-b',
      orderCode: 'EXPRESS1',
      accessKey: 'clave-express',
      createdAt: new Date(),
      buyer: { ...first.buyer, email: buyer },
      quantity: 1,
      totalPrice: 2,
      paymentMethod: 'card',
      status: 'COMPLETED',
      packageData: { name: 'Express 1' },
      assignedNumbers: ['0042'],
    };
    await server.db.collection('purchases').insertOne(express as never);

    await ask(buyer);
    const mail = await waitFor(() => mailsTo(buyer)[0], { message: 'the lookup e-mail' });
    // Each raffle's name heads its own orders, in the text and as a heading in the HTML.
    expect(mail.text).toMatch(/Rifa Express\r?\n\r?\nEXPRESS1: 1 número, \$2,00/);
    expect(mail.text).toMatch(
      new RegExp(`Rifa de prueba\\r?\\n\\r?\\n${first.orderCode}: 2 números`),
    );
    expect(mail.text).toContain('>Rifa Express</h3>');

    const link = new URL(/(http\S+#lookup)/.exec(mail.text)![1]!);
    const list = await fetch(
      `${api}/purchases/by-email/${encodeURIComponent(buyer)}?token=${encodeURIComponent(link.searchParams.get('consulta')!)}`,
    );
    const listed = (await list.json()) as Array<Record<string, unknown>>;
    expect(listed.map((p) => [p.raffleId, p.raffleName, p.assignedNumbers]).sort()).toEqual([
      ['current', 'Rifa de prueba', first.assignedNumbers],
      ['r-b', 'Rifa Express', ['0042']],
    ]);
  });

  it("limits requests per address (429 'Demasiados intentos…') and e-mails per mailbox (answered alike, nothing more sent)", async () => {
    const one = fromNewAddress();
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await ask(`dir${i}-${Date.now()}@example.com`, one)).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect((await ask('otra@example.com', one)).body.msg).toBe(SERVER.tooManyAttempts);

    const victim = `buzon-${Date.now()}@example.com`;
    for (let i = 0; i < 5; i++)
      expect(await ask(victim)).toEqual({
        status: 202,
        body: { msg: LOOKUP_MESSAGES.sent(victim) },
      });
    await waitFor(() => mailsTo(victim).length >= 3, { message: 'three lookup e-mails' });
    // The relay and the worker had their chance at anything more.
    await waitFor(
      async () =>
        (await server.db.collection('lookup_requests').countDocuments({ 'mail.status': 'sent' })) >=
        (await server.db.collection('lookup_requests').countDocuments()),
      { message: 'every request e-mailed' },
    );
    expect(mailsTo(victim)).toHaveLength(3);
  });
});

describe('GET /api/raffle/numbers/{number} (/verificar)', () => {
  it('says a number is sold and when, but not to whom nor where', async () => {
    const purchase = await paidPurchase(`verifica-${Date.now()}@example.com`);
    const res = await fetch(`${api}/raffle/numbers/${purchase.assignedNumbers[0]}`);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      number: purchase.assignedNumbers[0],
      status: 'sold',
      holder: null,
      city: null,
    });
    expect(typeof body.soldAt).toBe('string');
    for (const personal of ['María', 'Guamán', 'Quito', 'M. G.', 'María G.'])
      expect(JSON.stringify(body)).not.toContain(personal);
  });
});
