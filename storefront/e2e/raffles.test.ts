// Two raffles on sale at once, as a buyer sees them: the featured one on the home with a
// card of the other, the other's own server-rendered page (title, link preview, 404 for
// an unknown address), and a purchase on its page that lands in that raffle only.
import { rafflePath, UI, type Progress } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  hydrated,
  MOBILE,
  openSecondRaffle,
  saveScreenshot,
  seedRaffle,
  startSite,
  type SecondRaffle,
  type Site,
} from './support';

let site: Site;
let express: SecondRaffle;

beforeAll(async () => {
  site = await startSite();
  await seedRaffle(site);
  express = await openSecondRaffle(site, {
    name: 'Rifa Express Moto',
    slug: 'rifa-express',
    prize: 'Moto 150 cc',
    description: 'Una rifa rápida de 200 números: la moto se sortea apenas se vendan.',
    pricePerNumber: 2,
    totalNumbers: 200,
    imageUrl: `${site.url}/apple-touch-icon.png`,
    packages: [{ name: 'Express Cinco', quantity: 5, price: 9, isPopular: true }],
  });
});
afterAll(async () => {
  await site?.stop();
});

const progressOf = (path: string) =>
  fetch(`${site.url}/api${path}/raffle/raffle-progress`).then(
    (res) => res.json() as Promise<Progress>,
  );

describe('a second raffle on sale', () => {
  it("GET / shows the featured raffle and a card of 'Rifa Express Moto' linking to its page", async () => {
    for (const viewport of [MOBILE, DESKTOP]) {
      const page = await site.page(viewport);
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: 'Gran Sorteo Navideño' }).waitFor();
      const card = page.getByTestId('raffle-card');
      expect(await card.count()).toBe(1);
      await card.getByRole('heading', { name: 'Rifa Express Moto' }).waitFor();
      await card.getByText('Moto 150 cc').waitFor();
      await card.getByText('$2,00').waitFor();
      await card.getByText('0,00% vendido').waitFor();
      await card.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `raffles-home-card-${viewport.width}`);
      await card.getByRole('link', { name: 'Ver rifa Rifa Express Moto' }).click();
      await page.waitForURL(`**${rafflePath('rifa-express')}`);
      await page.getByRole('heading', { level: 1, name: 'Rifa Express Moto' }).waitFor();
    }
  });

  it("/sorteos lists every raffle on sale: the featured one and a card of 'Rifa Express Moto'", async () => {
    const page = await site.page(MOBILE);
    await page.goto('/sorteos');
    await page.getByRole('heading', { name: 'Sorteo actual' }).waitFor();
    const card = page.getByTestId('raffle-card');
    expect(await card.count()).toBe(1);
    await card.getByRole('link', { name: 'Ver rifa Rifa Express Moto' }).click();
    await page.waitForURL(`**${rafflePath('rifa-express')}`);
  });

  it('GET /rifas/rifa-express renders on the server with its own title, description, link preview and schema.org data', async () => {
    const res = await fetch(`${site.url}${rafflePath('rifa-express')}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Rifa Express Moto | Voy a Ganar</title>');
    expect(html).toContain('<meta name="description" content="Una rifa rápida de 200 números');
    expect(html).toMatch(/<meta property="og:title" content="Rifa Express Moto \| Voy a Ganar"/);
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/rifas\/rifa-express"/);
    expect(html).toMatch(/<meta property="og:image" content="[^"]*\/apple-touch-icon\.png"/);
    expect(html).toContain('"@type":"Event"');
    expect(html).toContain('Express Cinco');
    expect(html).not.toContain('Gran Sorteo Navideño</h1>');

    for (const viewport of [MOBILE, DESKTOP]) {
      const page = await site.page(viewport);
      await page.goto(rafflePath('rifa-express'));
      await page.getByText('Una rifa rápida de 200 números', { exact: false }).first().waitFor();
      await page.getByRole('timer').waitFor();
      await page.locator('#sectionPackages').scrollIntoViewIfNeeded();
      await hydrated(page, 'Packages');
      await saveScreenshot(page, `raffles-page-${viewport.width}`);
    }
  });

  it('buying a package on its page creates the order in that raffle: the order page names it, the featured raffle sells nothing', async () => {
    const featuredBefore = await progressOf('');
    const page = await site.page(DESKTOP);
    await page.goto(`${rafflePath('rifa-express')}#sectionPackages`);
    await hydrated(page, 'Packages');
    await page.getByRole('button', { name: /^Express Cinco: 5 números por \$9,00/ }).click();
    await page.waitForURL('**/checkout?rifa=rifa-express');
    await page.getByTestId('checkout-raffle').getByText('Rifa Express Moto').waitFor();
    expect(
      await page.getByRole('link', { name: '← Volver a los paquetes' }).getAttribute('href'),
    ).toBe('/rifas/rifa-express#sectionPackages');
    await page.getByLabel('Transferencia Bancaria').check();
    await page.getByLabel('Nombre', { exact: true }).fill('Marta');
    await page.getByLabel('Apellido').fill('Quishpe');
    await page.getByLabel('Email', { exact: true }).fill('marta@example.com');
    await page.getByLabel('Confirmar email').fill('marta@example.com');
    await page.getByLabel('Teléfono').fill('0991112233');
    await page.getByLabel('Provincia').selectOption('Pichincha');
    await page.getByLabel('Ciudad').fill('Quito');
    await page.getByLabel('Dirección').fill('Av. Amazonas N24-03');
    await page.getByLabel(/Acepto los términos/).check();
    await saveScreenshot(page, 'raffles-checkout-express');
    await page.getByRole('button', { name: 'PAGAR AHORA' }).click();
    await page.waitForURL('**/pedido?**');
    await page.getByTestId('order-raffle').getByText('Rifa Express Moto').waitFor();
    await saveScreenshot(page, 'raffles-order-express');

    const purchase = await site.srv.db
      .collection<{ raffleId: string }>('purchases')
      .findOne({ 'buyer.email': 'marta@example.com' });
    expect(purchase?.raffleId).toBe(express.id);
    // The progress is served from the page cache, which follows the order within moments.
    await expect.poll(async () => (await progressOf(`/raffles/rifa-express`)).available).toBe(195);
    expect((await progressOf(`/raffles/rifa-express`)).total).toBe(200);
    expect(await progressOf('')).toEqual(featuredBefore);
  });

  it('a package linked before the page hydrates (/checkout?rifa=…&paquete=…) is bought in that raffle', async () => {
    const page = await site.page(MOBILE);
    await page.goto(`/checkout?rifa=rifa-express&paquete=${express.packages[0]!._id}`);
    await page.getByTestId('checkout-raffle').getByText('Rifa Express Moto').waitFor();
    await page.getByText('Express Cinco').first().waitFor();
  });

  it('GET /rifas/no-existe answers 404 with the site’s not-found page', async () => {
    const res = await fetch(`${site.url}/rifas/no-existe`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain(UI.notFoundText);
  });

  it('GET /sitemap.xml lists every public raffle page', async () => {
    const body = await (await fetch(`${site.url}/sitemap.xml`)).text();
    expect(body).toContain('/rifas/rifa-express</loc>');
  });
});
