// A finished raffle: the call to action is disabled and packages and prizes are dimmed
// and cannot be clicked (SPEC §4); a missing raffle shows the load errors (SPEC §8).
import { ERRORS, UI } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, MOBILE, seedInstantPrizes, seedRaffle, startSite, type Site } from './support';

let site: Site;

beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.stop();
});

describe('raffle states', () => {
  it("retries a failing api three times, then shows each section's error text", async () => {
    const page = await site.page(MOBILE);
    const calls = new Map<string, number>();
    await page.route('**/api/**', (route) => {
      const path = new URL(route.request().url()).pathname;
      calls.set(path, (calls.get(path) ?? 0) + 1);
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ msg: 'Error interno del servidor.' }),
      });
    });
    await page.goto('/');
    for (const id of ['progress', 'sectionPackages', 'premios'])
      await page.locator(`#${id}`).scrollIntoViewIfNeeded();
    // 1 s + 2 s + 4 s of backoff before giving up.
    for (const text of [
      ERRORS.hero,
      ERRORS.raffleInfo,
      ERRORS.progress,
      ERRORS.packages,
      ERRORS.instantPrizes,
      ERRORS.footer,
    ]) {
      await page.getByText(text).waitFor({ timeout: 20_000 });
    }
    expect(calls.get('/api/lottery')).toBe(4);
    expect(calls.get('/api/packages')).toBe(4);
  });

  it("disables 'YA NO SE PUEDE PARTICIPAR' and dims the packages when the raffle is inactive", async () => {
    await seedRaffle(site, { isActive: false });
    const page = await site.page(MOBILE);
    await page.goto('/');
    const closed = page.getByRole('button', { name: UI.cannotParticipate });
    await closed.waitFor();
    expect(await closed.isDisabled()).toBe(true);
    expect(await page.getByRole('link', { name: UI.participate }).count()).toBe(0);

    await page.locator('#sectionPackages').scrollIntoViewIfNeeded();
    await hydrated(page, 'Packages');
    const packages = page.getByTestId('packages');
    await packages.getByRole('button', { name: /^Popular:/ }).waitFor();
    expect(await packages.getAttribute('class')).toContain('is-disabled');
    expect(await packages.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');
    expect(await packages.getByRole('button', { name: /^Popular:/ }).isDisabled()).toBe(true);
    expect(Number(await packages.evaluate((el) => getComputedStyle(el).opacity))).toBeLessThan(1);
    await page.locator('#premios').scrollIntoViewIfNeeded();
    await page.getByText(UI.noInstantPrizes).waitFor();
    await page.locator('#actividades').scrollIntoViewIfNeeded();
    await page.getByText(UI.noPastActivities).waitFor();

    // Instant prizes of a finished raffle are dimmed and not clickable too.
    await seedInstantPrizes(site, [20]);
    await page.reload();
    await page.locator('#premios').scrollIntoViewIfNeeded();
    const prizes = page.getByTestId('instant-prizes');
    await prizes.getByText('$20.00').waitFor();
    expect(await prizes.getAttribute('class')).toContain('is-disabled');
    expect(await prizes.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');
    expect(Number(await prizes.evaluate((el) => getComputedStyle(el).opacity))).toBeLessThan(1);
  });
});
