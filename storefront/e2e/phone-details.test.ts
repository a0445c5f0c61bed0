// What a person saw on a phone and disliked: pages wider than
// the screen, the WhatsApp button over buy buttons, the current page unmarked, English
// validation messages, prizes in one long column, broken winner pictures.
import { VALIDATION } from '@vag/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hydrated,
  MOBILE,
  seedInstantPrizes,
  seedPastRaffle,
  seedRaffle,
  seedSettings,
  startSite,
  waitFor,
  type Site,
} from './support';

let site: Site;

beforeAll(async () => {
  site = await startSite();
  await seedRaffle(site);
  await seedSettings(site);
  await seedInstantPrizes(site, [100, 50, 20, 10]);
  // A winner's picture that no longer exists at its address.
  await seedPastRaffle(site, `${site.url}/media/media-3.jpg`);
});
afterAll(async () => {
  await site?.stop();
});

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('on a 360 px phone', () => {
  it('keeps every public page within the screen and marks the current page in the header', async () => {
    const page = await site.page(MOBILE);
    for (const [path, label] of [
      ['/', 'Inicio'],
      ['/sorteos', 'Sorteos'],
      ['/ganadores', 'Ganadores'],
      ['/contacto', 'Contacto'],
      ['/terminos', null],
    ] as const) {
      await page.goto(path);
      expect(await overflow(page), path).toBeLessThanOrEqual(0);
      const current = page.locator('#site-nav a[aria-current="page"]');
      if (label) expect((await current.textContent())?.trim(), path).toBe(label);
      else expect(await current.count(), path).toBe(0);
    }
  });

  it('answers the lookup form in Spanish instead of the browser defaults', async () => {
    const page = await site.page(MOBILE);
    await page.goto('/#lookup');
    await hydrated(page, 'Lookup');
    await page.getByRole('button', { name: 'Enviarme mis pedidos' }).click();
    await page.getByText(VALIDATION.emailRequired).waitFor();
    await page.getByLabel('Correo electrónico').fill('ana@correo');
    await page.getByRole('button', { name: 'Enviarme mis pedidos' }).click();
    await page.getByText(VALIDATION.emailInvalid).waitFor();
  });

  it('shows the instant prizes two by two and a drawn picture for a missing winner photo', async () => {
    const page = await site.page(MOBILE);
    await page.goto('/');
    const cards = page.getByTestId('instant-prizes').locator('li');
    const [first, second] = await Promise.all([
      cards.nth(0).boundingBox(),
      cards.nth(1).boundingBox(),
    ]);
    expect(first!.y).toBe(second!.y);
    await page.locator('#actividades').scrollIntoViewIfNeeded();
    await page
      .locator(
        '#actividades .raffle-card-placeholder[role="img"][aria-label="Sorteo de Verano: Moto 0 km"]',
      )
      .waitFor();
  });

  it('moves the WhatsApp button out of the way of the buy buttons', async () => {
    const page = await site.page({ width: 390, height: 844 });
    await page.goto('/');
    await page.locator('.whatsapp-float.visible').waitFor();
    await page.locator('#sectionPackages').scrollIntoViewIfNeeded();
    await hydrated(page, 'Packages');
    await waitFor(async () => page.locator('.whatsapp-float.tucked').count(), {
      message: 'the WhatsApp button stepping aside',
    });
    expect(await page.locator('.whatsapp-float').getAttribute('tabindex')).toBe('-1');
  });
});
