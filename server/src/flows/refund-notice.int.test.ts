// What the buyer of a refunded purchase sees and hears (SPEC §4, "Refunds"): their order
// page says "Reembolsado" with the amount, the day and how the money went back, and they
// get one message by e-mail and one by their phone channel with the amount and the way —
// once, however often staff ask for the refund.
import { ORDER_MESSAGES, refundHowText, formatUsd, type OrderView } from '@vag/contracts';
import { confirmTransferPayment } from '@vag/core/purchase-lifecycle/apply-payment';
import { getPurchase } from '@vag/core/db/purchases';
import type { FakeProviders } from '@vag/core/testing/fakes/index';
import { waitFor } from '@vag/core/testing/wait';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customOrder, postJson } from '@vag/api/payments/test-fixtures';
import type { TestServer } from '../testing/server';
import { openRefundDesk, type RefundDesk } from '../testing/refund-desk';

let desk: RefundDesk;
let fakes: FakeProviders;
let server: TestServer;
let api: string;
let admin: { authorization: string };
let adminEmail: string;

beforeAll(async () => {
  desk = await openRefundDesk();
  ({ fakes, server, api, admin, adminEmail } = desk);
});
afterAll(async () => desk?.stop());

interface Bought {
  id: string;
  email: string;
  /** The order page's call: /api/orders/{id}?key=… */
  orderApi: string;
}

async function bought(method: 'card' | 'bank_transfer', quantity: number): Promise<Bought> {
  const order = customOrder(method, quantity);
  const created = await postJson(`${api}/payments/create-order`, order);
  expect(created.status).toBe(201);
  const id: string = created.body.purchaseId;
  const key = new URL(created.body.orderUrl as string, server.url).searchParams.get('key')!;
  if (method === 'card') {
    const sessionId: string = created.body.checkoutUrl.split('/').pop();
    fakes.stripe.pay(sessionId);
    expect((await postJson(`${api}/payments/verify-stripe`, { sessionId })).status).toBe(200);
  } else {
    await confirmTransferPayment(server.deps, (await getPurchase(server.db, id))!, {
      referenceCode: '884512',
      bankName: 'Banco Pichincha',
      staff: { id: 'x', email: adminEmail },
    });
  }
  return { id, email: order.buyer.email, orderApi: `${api}/orders/${id}?key=${key}` };
}

const refund = (id: string, body: Record<string, unknown>) =>
  postJson(`${api}/purchases/${id}/refund`, body, admin);

async function orderOf(b: Bought): Promise<OrderView> {
  const res = await fetch(b.orderApi);
  expect(res.status).toBe(200);
  return (await res.json()) as OrderView;
}

/** Both channels of the refund's notice settled: nothing more will go out for it. */
async function noticeSettled(id: string): Promise<void> {
  await waitFor(
    async () => {
      const p = await server.db
        .collection<{ _id: string; notices?: Record<string, { status: string }> }>('purchases')
        .findOne({ _id: id });
      const states = ['email', 'sms'].map((c) => p?.notices?.[`refunded_${c}`]?.status);
      return states.every((s) => s !== undefined && s !== 'sending');
    },
    { message: 'the refund notice to settle on both channels' },
  );
}

const refundMails = (to: string) =>
  fakes.smtp.mails.filter((m) => m.to.includes(to) && m.text.includes('reembolso'));

describe('a refunded purchase, as its buyer sees it', () => {
  it('card: the order page says Reembolsado with amount, day and way; one e-mail and one SMS, even for two clicks', async () => {
    const b = await bought('card', 2);
    expect((await orderOf(b)).statusText).toBe(ORDER_MESSAGES.status.paid);
    const reason = { reason: 'Pago duplicado del comprador' };
    const [first, second] = await Promise.all([refund(b.id, reason), refund(b.id, reason)]);
    expect([first.status, second.status]).toEqual([200, 200]);

    const order = await orderOf(b);
    expect(order).toMatchObject({
      state: 'refunded',
      statusText: ORDER_MESSAGES.status.refunded,
      refund: { amount: 3, method: 'card' },
    });
    expect(Date.parse(order.refund!.at)).toBeGreaterThan(Date.parse(order.createdAt));

    const [mail] = await waitFor(
      () => {
        const found = refundMails(b.email);
        return found.length ? found : null;
      },
      { message: 'the refund e-mail' },
    );
    expect(mail!.text).toContain(formatUsd(3));
    expect(mail!.text).toContain(refundHowText('card'));
    const sms = await waitFor(
      () =>
        fakes.twilio.messages.find(
          (m) => m.body.includes(order.orderCode) && m.body.toLowerCase().includes('reembols'),
        ),
      { message: 'the refund SMS' },
    );
    expect(sms.body).toContain(formatUsd(3));

    await noticeSettled(b.id);
    expect(refundMails(b.email)).toHaveLength(1);
    expect(
      fakes.twilio.messages.filter(
        (m) => m.body.includes(order.orderCode) && m.body.toLowerCase().includes('reembols'),
      ),
    ).toHaveLength(1);
  });

  it('bank transfer: the page and the message say it went back by transfer to their account', async () => {
    const b = await bought('bank_transfer', 1);
    const done = await refund(b.id, { reason: 'Pago duplicado', transferReference: 'DEV-5521' });
    expect(done.status).toBe(200);
    expect(await orderOf(b)).toMatchObject({
      state: 'refunded',
      refund: { amount: 1.5, method: 'bank_transfer' },
    });
    const [mail] = await waitFor(
      () => {
        const found = refundMails(b.email);
        return found.length ? found : null;
      },
      { message: 'the refund e-mail' },
    );
    expect(mail!.text).toContain(refundHowText('bank_transfer'));
    expect(mail!.text).toContain(formatUsd(1.5));
  });
});
