// Refunds over HTTP against the real store and the providers' fakes at their HTTP
// boundary: each method gives the money back once, however often the action is asked
// (together, or again after a crash between the provider's answer and our write); a
// transfer back needs its reference; only admins may refund; the purchase keeps its
// numbers, marked refunded, and the action is audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUND_TEXTS } from '@vag/contracts';
import { confirmTransferPayment } from '@vag/core/purchase-lifecycle/apply-payment';
import { getPurchase } from '@vag/core/db/purchases';
import { refunds } from '@vag/core/db/refunds';
import type { FakeProviders } from '@vag/core/testing/fakes/index';
import type { TestServer } from '../testing/server';
import { bearer, createStaff } from '@vag/api/testing/seed';
import { openRefundDesk, type RefundDesk } from '../testing/refund-desk';
import { customOrder, numbersOf, postJson } from '@vag/api/payments/test-fixtures';

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

async function paidByCard(quantity: number): Promise<string> {
  const created = await postJson(`${api}/payments/create-order`, customOrder('card', quantity));
  const sessionId: string = created.body.checkoutUrl.split('/').pop();
  fakes.stripe.pay(sessionId);
  expect((await postJson(`${api}/payments/verify-stripe`, { sessionId })).status).toBe(200);
  return created.body.purchaseId;
}

async function paidByPayPal(quantity: number): Promise<string> {
  const created = await postJson(`${api}/payments/create-order`, customOrder('paypal', quantity));
  const orderId = new URL(created.body.approveUrl).searchParams.get('token')!;
  fakes.paypal.approve(orderId);
  expect((await postJson(`${api}/payments/capture-order`, { orderId })).body.status).toBe(
    'COMPLETED',
  );
  return created.body.purchaseId;
}

async function paidByPayPhone(quantity: number): Promise<string> {
  const order = customOrder('mobile', quantity);
  const created = await postJson(`${api}/payments/create-order`, order);
  const { id } = fakes.payphone.pay(order.clientTransactionId!);
  const verified = await postJson(`${api}/payments/verify-payphone`, {
    id,
    clientTxId: order.clientTransactionId,
  });
  expect(verified.body.status).toBe('COMPLETED');
  return created.body.purchaseId;
}

const refund = (
  id: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = admin,
) => postJson(`${api}/purchases/${id}/refund`, body, headers);

const auditOf = (purchaseId: string) =>
  server.db.collection('audit_log').find({ purchaseId, action: 'purchase.refunded' }).toArray();

describe('refunding a purchase', () => {
  it('card: Stripe gives the money back once, even for two clicks together; the purchase keeps its numbers, marked refunded; audited', async () => {
    const id = await paidByCard(2);
    const numbers = (await numbersOf(server.db, id)).assignedNumbers;
    const reason = { reason: 'Pago duplicado del comprador' };
    const [a, b] = await Promise.all([refund(id, reason), refund(id, reason)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.refund).toMatchObject({ state: 'done', method: 'card', amount: 3 });
    expect(a.body.msg).toBe(REFUND_TEXTS.done(a.body.refund.orderCode, 3));
    expect(fakes.stripe.refunds.filter((r) => r.amount === 300)).toHaveLength(1);
    const purchase = (await getPurchase(server.db, id))!;
    expect(purchase.status).toBe('COMPLETED');
    expect(purchase.assignedNumbers).toEqual(numbers);
    expect(purchase.refund).toMatchObject({ amount: 3, method: 'card' });
    expect(await auditOf(id)).toHaveLength(1);
    expect((await auditOf(id))[0]).toMatchObject({ actor: adminEmail });
  });

  it('a crash after the provider refunded and before the record was written: asking again repeats the same call, nothing is refunded twice', async () => {
    const id = await paidByCard(1);
    expect((await refund(id, { reason: 'Compra por error' })).status).toBe(200);
    // The record as a crash before its last write leaves it: claimed, provider already done.
    await refunds(server.db).updateOne({ _id: id }, { $set: { state: 'claimed' } });
    const before = fakes.stripe.refunds.length;
    const again = await refund(id, { reason: 'Compra por error' });
    expect(again.body.refund.state).toBe('done');
    expect(fakes.stripe.refunds.length).toBe(before);
  });

  it('PayPal refunds the capture; PayPhone reverses the sale (a repeat finds it reversed)', async () => {
    const viaPayPal = await paidByPayPal(1);
    const done = await refund(viaPayPal, { reason: 'El comprador lo pidió' });
    expect(done.body.refund).toMatchObject({ state: 'done', method: 'paypal' });
    expect(fakes.paypal.refunds).toHaveLength(1);
    expect(done.body.refund.providerRef).toBe(fakes.paypal.refunds[0]!.id);

    const viaPayPhone = await paidByPayPhone(1);
    const reversed = await refund(viaPayPhone, { reason: 'El comprador lo pidió' });
    expect(reversed.body.refund).toMatchObject({ state: 'done', method: 'mobile' });
    await refunds(server.db).updateOne({ _id: viaPayPhone }, { $set: { state: 'claimed' } });
    expect((await refund(viaPayPhone, { reason: 'otra vez' })).body.refund.state).toBe('done');
    expect(fakes.payphone.reverseCalls).toHaveLength(2);
  });

  it('a transfer is given back by staff with its reference; an unpaid purchase cannot be refunded; only admins may', async () => {
    const created = await postJson(`${api}/payments/create-order`, customOrder('bank_transfer', 1));
    const id: string = created.body.purchaseId;
    expect((await refund(id, { reason: 'Pago duplicado' })).body.msg).toBe(
      REFUND_TEXTS.errors.notPaid,
    );
    await confirmTransferPayment(server.deps, (await getPurchase(server.db, id))!, {
      referenceCode: '884512',
      bankName: 'Banco Pichincha',
      staff: { id: 'x', email: adminEmail },
    });
    expect(await refund(id, { reason: 'Pago duplicado' })).toMatchObject({
      status: 400,
      body: { msg: REFUND_TEXTS.errors.transferReference },
    });
    const reseller = await createStaff(server.db, { role: 'reseller', deps: server.deps });
    expect(
      (
        await refund(
          id,
          { reason: 'Pago duplicado', transferReference: 'TRF-99' },
          bearer(reseller.token),
        )
      ).status,
    ).toBe(403);
    expect(
      (await refund(id, { reason: 'Pago duplicado', transferReference: 'TRF-99' }, {})).status,
    ).toBe(401);
    const done = await refund(id, { reason: 'Pago duplicado', transferReference: 'TRF-99' });
    expect(done.body.refund).toMatchObject({ state: 'done', providerRef: 'TRF-99' });
    const state = await fetch(`${api}/purchases/${id}/refund`, { headers: admin });
    expect(((await state.json()) as { refund: unknown }).refund).toMatchObject({ state: 'done' });
  });
});
