// The custom quantity on a phone: a quantity that cannot be bought shows its message and
// neither a total nor a count on the button (not "$1.00 / Comprar 1 número" for 0, nor
// "$99,999,999.00" for 99999999), and more than the operator's per-order maximum is
// refused in the form with the server's own message.
import { BUYER_MESSAGES, LIMIT_MESSAGES } from '@vag/contracts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, saveScreenshot, seedRaffle, startSite, type Site } from './support';

const PHONE = { width: 390, height: 844 } as const;

/** The whole page, and the custom card alone beside it (easier to look at). */
async function screenshots(page: Page, card: Locator, name: string) {
  const file = await saveScreenshot(page, name);
  await card.screenshot({ path: file.replace(/\.png$/, '-card.png') });
}

let site: Site;
beforeAll(async () => {
  site = await startSite();
  await seedRaffle(site, { pricePerNumber: 1 });
  const current = await site.api<{ _id: string }>('GET', '/settings');
  await site.api('PUT', `/settings/${current._id}`, { purchaseLimits: { maxPerOrder: 100 } });
});
afterAll(async () => site?.stop());

describe('the custom quantity at 390 px', () => {
  it('shows no total and no count for 0, −5, 1.5, 1e3 and 99999999, and refuses more than the maximum per order', async () => {
    const page = await site.page(PHONE);
    await page.goto('/#sectionPackages');
    await hydrated(page, 'Packages');
    const input = page.getByLabel(/Cantidad personalizada/);
    const total = page.getByTestId('custom-total');
    const form = page.locator('form.custom-package');

    const cases: Array<[string, string]> = [
      ['0', BUYER_MESSAGES.quantityWhole],
      ['-5', BUYER_MESSAGES.quantityWhole],
      ['1.5', BUYER_MESSAGES.quantityWhole],
      ['1e3', BUYER_MESSAGES.quantityWhole],
      ['99999999', LIMIT_MESSAGES.perOrder(100)],
    ];
    for (const [typed, message] of cases) {
      await input.fill(typed);
      await form.getByRole('alert').getByText(message, { exact: true }).waitFor();
      expect(await total.textContent(), typed).toBe('—');
      const button = form.getByRole('button', { name: 'Revisa la cantidad' });
      expect(await button.isDisabled(), typed).toBe(true);
      if (typed === '99999999') await screenshots(page, form, 'custom-quantity-over-max-390');
    }

    await input.fill('100');
    await form.getByRole('button', { name: 'Comprar 100 números' }).waitFor();
    expect(await total.textContent()).toBe('$100,00');
    expect(await form.getByRole('alert').count()).toBe(0);
    await screenshots(page, form, 'custom-quantity-ok-390');
  });

  it('at 1366 px the same card says the maximum beside no total', async () => {
    const page = await site.page({ width: 1366, height: 900 });
    await page.goto('/#sectionPackages');
    await hydrated(page, 'Packages');
    const form = page.locator('form.custom-package');
    await page.getByLabel(/Cantidad personalizada/).fill('99999999');
    await form.getByText(LIMIT_MESSAGES.perOrder(100), { exact: true }).waitFor();
    expect(await page.getByTestId('custom-total').textContent()).toBe('—');
    await screenshots(page, form, 'custom-quantity-over-max-1366');
  });

  it('keeps a quantity typed before the card hydrated (a quick thumb right after it scrolls in)', async () => {
    const page = await site.page(PHONE);
    // The card's script arrives only once the buyer has typed: the race a slow phone runs.
    let release!: () => void;
    const typed = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_astro/Packages.*.js', async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto('/#sectionPackages');
    const input = page.getByLabel(/Cantidad personalizada/);
    await input.fill('7');
    release();
    await hydrated(page, 'Packages');
    const form = page.locator('form.custom-package');
    await form.getByRole('button', { name: 'Comprar 7 números' }).waitFor();
    expect(await page.getByTestId('custom-total').textContent()).toBe('$7,00');
    expect(await input.inputValue()).toBe('7');
  });
});
