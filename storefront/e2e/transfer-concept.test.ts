// The order page tells the buyer exactly what to type as the transfer's concept: the order
// code alone, with a copy button, so the bank statement's line names the order and the
// statement import can confirm it. Seen on a phone (390 px) and a laptop (1366 px).
import { UI } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot, seedRaffle, startSite, type Site } from './support';

let site: Site;

beforeAll(async () => {
  site = await startSite();
  await seedRaffle(site);
});
afterAll(async () => {
  await site?.stop();
});

/** A bank-transfer order of 4 numbers ($6,00) through the real create-order. */
async function transferOrder(): Promise<{ orderCode: string; orderUrl: string }> {
  const email = `marta.${Date.now()}@correo.ec`;
  const res = await fetch(`${site.url}/api/payments/create-order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      amount: 6,
      quantity: 4,
      unitPrice: 1.5,
      totalPrice: 6,
      packageId: null,
      resellerCode: null,
      paymentMethod: 'bank_transfer',
      packageData: { name: UI.customPackageName, quantity: 4, price: 6 },
      buyer: {
        firstName: 'Marta',
        lastName: 'Villacís',
        email,
        confirmEmail: email,
        phone: '0991234567',
        country: 'ECUADOR',
        province: 'Guayas',
        city: 'Guayaquil',
        address: 'Av. 9 de Octubre 100',
        document: '1710034065',
        acceptedTerms: true,
        paymentProvider: 'bank_transfer',
      },
    }),
  });
  expect(res.status).toBeLessThan(300);
  return (await res.json()) as { orderCode: string; orderUrl: string };
}

describe('the transfer concept on the order page', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    it(`says to type only the order code, copies it and keeps it whole at ${viewport.width} px`, async () => {
      const { orderCode, orderUrl } = await transferOrder();
      const page = await site.page(viewport);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: site.url,
      });
      await page.goto(orderUrl);
      const concept = page.getByTestId('transfer-concept');
      await concept
        .getByText(`En el concepto o referencia de la transferencia escribe solo: ${orderCode}`)
        .waitFor();
      // Banks that refuse the hyphen: the same code without it still names the order.
      await concept.getByText(orderCode.replace('-', ''), { exact: true }).waitFor();

      await concept.getByRole('button', { name: 'Copiar código de pedido' }).click();
      await page.getByText('Copiado').first().waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(orderCode);

      // The code is one line, and nothing on the page is wider than the screen.
      const boxes = await concept
        .locator('.concept-code')
        .evaluate((el) => el.getClientRects().length);
      expect(boxes).toBe(1);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await saveScreenshot(page, `order-transfer-concept-${viewport.width}`);
    });
  }
});
