// The purchase lookup at 390 px and 1366 px: the visitor asks with an e-mail, the page
// says the same whether it has purchases or not, the e-mail (the outbox log: the site
// runs without SMTP, as offline) carries the list link, and that link shows the purchases
// with their status and numbers, grouped under each raffle's name (the buyer also bought
// in a second raffle, 'Rifa Express'). A stranger typing the same e-mail sees none of it.
import { LOOKUP_MESSAGES } from '@vag/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hydrated,
  lookupLinkInOutbox,
  saveScreenshot,
  seedRaffle,
  startSite,
  waitFor,
  type Site,
} from './support';

const PHONE = { width: 390, height: 844 } as const;
const DESK = { width: 1366, height: 900 } as const;

let site: Site;
const buyer = `consulta.${Date.now()}@correo.ec`;
let numbers: string[] = [];
let expressNumbers: string[] = [];

/** A bank-transfer order of the buyer for `quantity` numbers at `price` (its package's, if any). */
const orderOf = (quantity: number, price: number, packageId: string | null) => ({
  amount: price,
  quantity,
  unitPrice: price / quantity,
  totalPrice: price,
  packageId,
  resellerCode: null,
  paymentMethod: 'bank_transfer',
  buyer: {
    firstName: 'Rosa',
    lastName: 'Quishpe',
    email: buyer,
    confirmEmail: buyer,
    phone: '0991239876',
    country: 'ECUADOR',
    province: 'Pichincha',
    city: 'Quito',
    address: 'Av. Colón 123',
    acceptedTerms: true,
    paymentProvider: 'bank_transfer',
  },
});

beforeAll(async () => {
  site = await startSite();
  const { packages } = await seedRaffle(site);
  const basic = packages.find((p) => p.name === 'Básico')!;
  // A paid transfer of five numbers for the buyer.
  const order = await site.api<{ purchaseId: string }>(
    'POST',
    '/payments/create-order',
    orderOf(basic.quantity, basic.price, basic._id),
  );
  const confirmed = await site.api<{ assignedNumbers: string[] }>(
    'PATCH',
    `/purchases/${order.purchaseId}/confirm-transfer`,
    { referenceCode: 'REF-777', bankName: 'Pichincha' },
  );
  numbers = confirmed.assignedNumbers;
  // And a paid purchase in a second raffle on sale, 'Rifa Express', made as an operator does.
  const express = await site.api<{ _id: string }>('POST', '/admin/raffles', {
    name: 'Rifa Express',
    slug: 'rifa-express',
    prize: 'iPhone 16',
    imageUrl: '',
    pricePerNumber: 2,
    endDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    totalNumbers: 50,
  });
  const one = await site.api<{ _id: string }>('POST', '/raffles/rifa-express/packages', {
    name: 'Uno',
    quantity: 1,
    price: 2,
    isPopular: true,
  });
  await site.api('POST', `/admin/raffles/${express._id}/publish`, {});
  const expressOrder = await site.api<{ purchaseId: string }>(
    'POST',
    '/raffles/rifa-express/payments/create-order',
    orderOf(1, 2, one._id),
  );
  expressNumbers = (
    await site.api<{ assignedNumbers: string[] }>(
      'PATCH',
      `/purchases/${expressOrder.purchaseId}/confirm-transfer`,
      { referenceCode: 'REF-778', bankName: 'Pichincha' },
    )
  ).assignedNumbers;
});

afterAll(async () => {
  await site?.stop();
});

async function ask(page: Page, email: string) {
  await page.goto('/#lookup');
  await hydrated(page, 'Lookup');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('button', { name: 'Enviarme mis pedidos' }).click();
  await page.getByText(LOOKUP_MESSAGES.sent(email)).waitFor();
}

describe('purchase lookup by e-mail', () => {
  for (const [label, viewport] of [
    ['390', PHONE],
    ['1366', DESK],
  ] as const) {
    it(`asks, finds the list link in the e-mail and opens the list at ${label} px`, async () => {
      const stranger = await site.page(viewport);
      await ask(stranger, buyer);
      // The page says it was sent, and shows nothing of the purchases.
      expect(await stranger.getByTestId('lookup-result').count()).toBe(0);
      expect(await stranger.locator('#lookup').textContent()).not.toContain(numbers[0]);
      await stranger.locator('#lookup').scrollIntoViewIfNeeded();
      await saveScreenshot(stranger, `lookup-sent-${label}`);

      const link = await waitFor(() => lookupLinkInOutbox(site, buyer), {
        message: 'the lookup e-mail in the outbox',
      });
      const page = await site.page(viewport);
      await page.goto(link);
      await page.getByText(LOOKUP_MESSAGES.listTitle(buyer)).waitFor();
      // Each raffle's purchases under its name.
      const express = page.getByRole('region', { name: 'Rifa Express' });
      await express.getByText('1 número · $2,00').waitFor();
      expect(
        await express.getByRole('list', { name: 'Números asignados' }).allTextContents(),
      ).toEqual(expressNumbers);
      const result = page
        .getByRole('region', { name: 'Gran Sorteo Navideño' })
        .getByTestId('lookup-result');
      await result.getByText('Pagado').waitFor();
      await result.getByText('5 números · $7,50').waitFor();
      const listed = await result
        .getByRole('list', { name: 'Números asignados' })
        .getByRole('listitem')
        .allTextContents();
      expect(listed.sort()).toEqual([...numbers].sort());
      await page.locator('#lookup').scrollIntoViewIfNeeded();
      await saveScreenshot(page, `lookup-list-${label}`);
    });
  }

  it('answers an e-mail without purchases the same way, and a tampered link with a way forward', async () => {
    const page = await site.page(PHONE);
    await ask(page, 'nadie.compro@correo.ec');
    expect(await page.getByTestId('lookup-result').count()).toBe(0);

    const link = new URL((await waitFor(() => lookupLinkInOutbox(site, buyer)))!);
    link.searchParams.set('email', 'otra.persona@correo.ec');
    await page.goto(link.toString());
    await page.getByText(LOOKUP_MESSAGES.linkInvalid).waitFor();
    expect(await page.getByTestId('lookup-result').count()).toBe(0);
    await saveScreenshot(page, 'lookup-link-invalid-390');
  });
});
