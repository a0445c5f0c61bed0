// How a paid purchase's ticket reaches the buyer: the numbers e-mail
// carries boleto-<code>.pdf (the same ticket the order page downloads), the SMS carries
// the order page's short link, and the short link leads to the order page.
import { numberRuns, TICKET_TEXTS, verifyLink } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeRaffle, customOrder, numbersOf, postJson } from '@vag/api/payments/test-fixtures';
import { bearer, createStaff } from '@vag/api/testing/seed';
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import { waitFor } from '@vag/core/testing/wait';
import { featuredRaffleId, getRaffle } from '@vag/core/db/raffle';
import { mailAttachment } from '../testing/mail-attachment';
import { pdfText } from '../testing/pdf-text';
import { startTestServer, type TestServer } from '../testing/server';

/** A ticket lists its numbers in ascending order. */
const ascending = (numbers: readonly string[]) =>
  [...numbers].sort((a, b) => Number(a) - Number(b));

let fakes: FakeProviders;
let server: TestServer;
let api: string;

beforeAll(async () => {
  fakes = await startFakeProviders();
  server = await startTestServer({ env: fakes.env });
  api = `${server.url}/api`;
  await activeRaffle(server.db, { totalNumbers: 500, pricePerNumber: 1 });
  await server.db
    .collection<{ _id: string }>('raffles')
    .updateOne({ _id: 'current' }, { $set: { name: 'Gran Sorteo Navideño', prize: 'Moto 0 km' } });
});
afterAll(async () => {
  await server?.stop();
  await fakes?.stop();
});

/** A PayPal purchase paid and numbered: its code, key, numbers and buyer. */
async function paidPurchase(quantity: number) {
  const input = customOrder('paypal', quantity, 1);
  const created = await postJson(`${api}/payments/create-order`, input);
  expect(created.status).toBe(201);
  const id: string = created.body.purchaseId;
  const orderId = new URL(created.body.approveUrl).searchParams.get('token')!;
  fakes.paypal.approve(orderId);
  expect((await postJson(`${api}/payments/capture-order`, { orderId })).status).toBe(200);
  const purchase = await numbersOf(server.db, id);
  return {
    id,
    orderCode: purchase.orderCode!,
    key: purchase.accessKey!,
    numbers: purchase.assignedNumbers,
    email: input.buyer.email,
  };
}

const numbersMail = (email: string, orderCode: string) =>
  fakes.smtp.mails.find(
    (m) => m.to.includes(email) && m.raw.includes(TICKET_TEXTS.fileName(orderCode)),
  );

describe('the ticket on its way to the buyer', () => {
  it('the numbers e-mail attaches boleto-<code>.pdf holding the purchase’s numbers and code, as the download does', async () => {
    const bought = await paidPurchase(4);
    const mail = await waitFor(() => numbersMail(bought.email, bought.orderCode), {
      message: 'the numbers e-mail with its ticket',
    });
    const pdf = mailAttachment(mail.raw, TICKET_TEXTS.fileName(bought.orderCode));
    expect(pdf, 'boleto attachment').not.toBeNull();
    expect(pdf!.subarray(0, 5).toString()).toBe('%PDF-');
    // The e-mail names the order by the same code as its ticket.
    expect(mail.text).toContain(`Pedido: ${bought.orderCode}`);
    const text = await pdfText(pdf!);
    // The QR link checks the purchase's own raffle, whichever is featured when it is opened.
    const raffle = await getRaffle(server.db, (await featuredRaffleId(server.db))!);
    for (const expected of [
      `Pedido: ${bought.orderCode}`,
      'Rifa: Gran Sorteo Navideño',
      'Premio: Moto 0 km',
      ascending(bought.numbers).join(', '),
      `/verificar?rifa=${raffle!.slug}&n=${ascending(bought.numbers).join(',')}`,
    ])
      expect(text).toContain(expected);

    // The same ticket as the order page's download.
    const download = await fetch(`${api}/orders/${bought.id}/ticket?key=${bought.key}`);
    expect(download.status).toBe(200);
    expect(await pdfText(Buffer.from(await download.arrayBuffer()))).toBe(text);
  });

  it('a re-send staff asks for carries the same ticket (its event has no raffle fields: the sender reads them)', async () => {
    const bought = await paidPurchase(3);
    const fileName = TICKET_TEXTS.fileName(bought.orderCode);
    const first = await waitFor(() => numbersMail(bought.email, bought.orderCode), {
      message: 'the first numbers e-mail',
    });
    const staff = bearer((await createStaff(server.db, { role: 'admin' })).token);
    const resend = await postJson(
      `${api}/purchases/${bought.id}/notifications/email/resend`,
      {},
      staff,
    );
    expect(resend.status).toBe(202);
    const again = await waitFor(
      () =>
        fakes.smtp.mails.filter((m) => m.to.includes(bought.email) && m.raw.includes(fileName))[1],
      { message: 'the re-sent numbers e-mail' },
    );
    const [before, after] = await Promise.all(
      [first, again].map((mail) => pdfText(mailAttachment(mail.raw, fileName)!)),
    );
    expect(after).toBe(before);
  });

  it('the SMS carries the short link, which answers 302 to the order page that shows the order', async () => {
    const bought = await paidPurchase(2);
    const sms = await waitFor(
      () =>
        fakes.twilio.messages.find((m) => m.body.includes(numberRuns(bought.numbers).join(', '))),
      { message: 'the numbers SMS' },
    );
    const link = /(\S+\/p\/\S+)/.exec(sms.body)?.[1];
    expect(link, sms.body).toBe(
      `${server.url}/p/${bought.orderCode.slice(4)}${bought.key.slice(0, 12)}`,
    );
    // One SMS segment (160 GSM-7 characters) for a small purchase.
    expect(sms.body.length).toBeLessThanOrEqual(160);

    const res = await fetch(link!, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const target = new URL(res.headers.get('location')!, server.url);
    expect(`${target.pathname}${target.search}`).toBe(
      `/pedido?id=${bought.id}&key=${encodeURIComponent(bought.key)}`,
    );
    const page = await fetch(target);
    expect(page.status).toBe(200);
    // What the order page shows is what its key reads: this order, paid, with its numbers.
    const order = await fetch(`${api}/orders/${bought.id}?key=${bought.key}`);
    expect(await order.json()).toMatchObject({
      orderCode: bought.orderCode,
      state: 'paid',
      assignedNumbers: bought.numbers,
    });
  });

  it("a large purchase's verify link opens the verifier: 10 000 numbers, 60 KB of link", async () => {
    const numbers = Array.from({ length: 10_000 }, (_, n) => String(n * 7).padStart(5, '0'));
    const link = verifyLink(server.url, numbers);
    expect(link.length).toBeGreaterThan(60_000);
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
  });

  it('an unknown or tampered short link gets the 404 page, not JSON', async () => {
    const bought = await paidPurchase(1);
    const wrongKey = `${bought.orderCode.slice(4)}${'A'.repeat(12)}`;
    for (const code of ['ZZZZZZabcdefghijkl', wrongKey, 'nada']) {
      const res = await fetch(`${server.url}/p/${code}`, { redirect: 'manual' });
      expect(res.status, code).toBe(404);
      expect(res.headers.get('content-type'), code).not.toContain('json');
    }
  });
});
