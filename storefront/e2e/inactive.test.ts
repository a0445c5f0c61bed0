// A finished raffle: the call to action is disabled and packages and prizes are dimmed
// and cannot be clicked (SPEC §4); data the server cannot read shows the load errors
// (SPEC §8).
import { ERRORS, UI } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hydrated,
  MOBILE,
  seedInstantPrizes,
  seedRaffle,
  startSite,
  waitFor,
  type Site,
} from './support';

let site: Site;

beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.stop();
});

describe('raffle states', () => {
  it("shows each section's error text when the server cannot read its data", async () => {
    const broken = await startSite();
    try {
      await seedRaffle(broken);
      // Documents that no longer fit their contract: the server refuses to render them.
      await broken.srv.db.collection('raffles').updateMany({}, { $set: { name: 42 } });
      await broken.srv.db
        .collection('packages')
        .insertOne({ _id: 'roto' as never, name: 'Roto', quantity: 'muchos', price: 'gratis' });
      await broken.srv.db
        .collection('instant_prizes')
        .insertOne({ _id: 'roto' as never, raffleId: 'current', number: 7 });
      await broken.api('GET', '/settings');
      await broken.srv.db.collection('settings').updateMany({}, { $set: { email: 42 } });
      const page = await broken.page(MOBILE);
      await waitFor(
        async () => {
          await page.goto('/');
          return (await page.getByText(ERRORS.packages).count()) > 0;
        },
        { message: 'the page rendered from the broken data' },
      );
      for (const text of [
        ERRORS.hero,
        ERRORS.raffleInfo,
        ERRORS.packages,
        ERRORS.instantPrizes,
        ERRORS.footer,
      ])
        await page.getByText(text).first().waitFor();
    } finally {
      await broken.stop();
    }
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
    // No instant prizes: no section promising them.
    expect(await page.locator('#premios').count()).toBe(0);
    await page.locator('#actividades').scrollIntoViewIfNeeded();
    await page.getByText(UI.noPastActivities).waitFor();

    // Instant prizes of a finished raffle are dimmed and not clickable too.
    await seedInstantPrizes(site, [20]);
    await page.reload();
    await page.locator('#premios').scrollIntoViewIfNeeded();
    const prizes = page.getByTestId('instant-prizes');
    await prizes.getByText('$20,00').waitFor();
    expect(await prizes.getAttribute('class')).toContain('is-disabled');
    expect(await prizes.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');
    expect(Number(await prizes.evaluate((el) => getComputedStyle(el).opacity))).toBeLessThan(1);
  });
});
