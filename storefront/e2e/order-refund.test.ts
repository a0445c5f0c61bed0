// A refunded purchase's order page (SPEC §4, "Refunds"), at a phone's width: it no longer
// says "Pagado" but "Reembolsado", with the amount, the day and how the money went back
// (a bank transfer here, to the buyer's account), and offers no ticket to download.
import { formatUsd, ORDER_MESSAGES, refundHowText } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customOrder } from '../../api/src/payments/test-fixtures';
import { saveScreenshot, seedRaffle, startSite, type Site } from './support';

const PHONE = { width: 390, height: 844 } as const;

let site: Site;

beforeAll(async () => {
  site = await startSite();
  await seedRaffle(site);
});
afterAll(async () => site?.stop());

describe('the order page of a refunded purchase', () => {
  it('says Reembolsado with the amount, the day and the way back, and offers no ticket', async () => {
    const res = await fetch(`${site.url}/api/payments/create-order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(customOrder('bank_transfer', 4, 1.5)),
    });
    expect(res.status).toBe(201);
    const order = (await res.json()) as { purchaseId: string; orderUrl: string };
    await site.api('PATCH', `/purchases/${order.purchaseId}/confirm-transfer`, {
      referenceCode: 'REF-77120',
      bankName: 'Pichincha',
    });
    const page = await site.page(PHONE);
    await page.goto(order.orderUrl);
    await page.getByTestId('order-status').getByText(ORDER_MESSAGES.status.paid).waitFor();

    await site.api('POST', `/purchases/${order.purchaseId}/refund`, {
      reason: 'Pago duplicado',
      transferReference: 'DEV-5521',
    });
    await page.reload();
    await page.getByTestId('order-status').getByText(ORDER_MESSAGES.status.refunded).waitFor();
    const refund = page.getByTestId('order-refund');
    await refund.waitFor();
    const text = (await refund.textContent())!;
    expect(text).toContain(formatUsd(6));
    expect(text).toContain(refundHowText('bank_transfer'));
    expect(text).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    expect(await page.getByTestId('order-numbers').count()).toBe(0);
    expect(await page.getByRole('link', { name: /boleto/i }).count()).toBe(0);
    await saveScreenshot(page, 'order-refunded-390');
  });
});
