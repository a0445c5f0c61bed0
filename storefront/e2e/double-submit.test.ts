// Two clicks on "PAGAR AHORA" in one tick place one order (SPEC §7, Idempotency-Key):
// the checkout sends one key per draft, and the server answers the repeat with the
// first order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, seedRaffle, startSite, type SeededPackage, type Site } from './support';

let site: Site;
let packages: SeededPackage[];

beforeAll(async () => {
  site = await startSite();
  ({ packages } = await seedRaffle(site));
});
afterAll(async () => {
  await site?.stop();
});

describe('the checkout sends one order per draft', () => {
  it('a double click in one tick places one transfer order, both requests carrying the same Idempotency-Key', async () => {
    const page = await site.page();
    const popular = packages.find((p) => p.isPopular)!;
    await page.goto(`/checkout?paquete=${popular._id}`);
    await hydrated(page, 'CheckoutPage');
    await page.getByTestId('summary-total').getByText('$12,00').waitFor();
    await page.getByLabel('Transferencia Bancaria').check();

    const email = `doble.${Date.now()}@correo.ec`;
    await page.getByLabel('Nombre', { exact: true }).fill('Ana');
    await page.getByLabel('Apellido').fill('Pérez');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Confirmar email').fill(email);
    await page.getByLabel('Teléfono').fill('0991234567');
    await page.getByLabel('Provincia').selectOption('Pichincha');
    await page.getByLabel('Ciudad').fill('Quito');
    await page.getByLabel('Dirección').fill('Av. Amazonas N24-03');
    await page.getByLabel(/Acepto los términos/).check();

    const keys: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/payments/create-order') && request.method() === 'POST')
        keys.push(request.headers()['idempotency-key']);
    });
    // Both clicks before React re-renders the button as busy.
    await page.getByRole('button', { name: 'PAGAR AHORA' }).evaluate((button) => {
      (button as HTMLButtonElement).click();
      (button as HTMLButtonElement).click();
    });
    await page.waitForURL('**/pedido?id=*');

    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(keys[1]).toBe(keys[0]);
    const orders = await site.srv.db
      .collection('purchases')
      .find({ 'buyer.email': email })
      .toArray();
    expect(orders).toHaveLength(1);
    expect(new URL(page.url()).searchParams.get('id')).toBe(String(orders[0]!._id));
  });
});
