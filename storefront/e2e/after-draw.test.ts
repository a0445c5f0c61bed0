// The raffle as buyers see it through its end: /sorteos' bar matches its figure and a
// past raffle's missing picture gives way to the trophy; once the draw is recorded the
// home hero names the winner (masked as /ganadores does), a won instant prize reads
// 'Ganado', and the winner cards link to their record on /verificar.
import { BUYER_TEXTS, ecuadorDay, fairnessExportSchema, maskedHolder } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchNumbersAssigned } from '../../core/src/testing/raffle-fixtures';
import {
  openRaffle,
  saveScreenshot,
  seedInstantPrizes,
  sellPaid,
  startSite,
  waitFor,
  type SeededPrize,
  type Site,
} from './support';

const TOTAL = 40;
const PHONE = { width: 390, height: 844 } as const;
const LAPTOP = { width: 1366, height: 860 } as const;

let site: Site;
let watcher: Awaited<ReturnType<typeof watchNumbersAssigned>>;
let prizes: SeededPrize[];

beforeAll(async () => {
  site = await startSite();
  watcher = await watchNumbersAssigned(site.srv.deps.bus);
  await openRaffle(site, { totalNumbers: TOTAL, pricePerNumber: 1 });
  // The first is marked delivered by the helper; the second stays to be paid out.
  prizes = await seedInstantPrizes(site, [30, 40]);
  await site.api('POST', '/past-raffles', {
    activityName: 'Sorteo de Verano',
    date: '2026-02-14',
    prize: 'Moto 0 km',
    winner: 'María López',
    image: 'https://imagen.invalid/moto.jpg',
    instagramPostUrl: 'https://instagram.com/p/voyaganar-verano',
  });
  await sellPaid(site, watcher, 7);
});
afterAll(async () => {
  await watcher?.stop();
  await site?.stop();
});

describe('through the end of the raffle', () => {
  for (const [label, viewport] of [
    ['390', PHONE],
    ['1366', LAPTOP],
  ] as const) {
    it(`at ${label} px /sorteos fills its bar to the figure it prints (17,50%) and draws a trophy for a picture that does not load`, async () => {
      const page = await site.page(viewport);
      await page.goto('/sorteos');
      await page.getByText('17,50%', { exact: true }).waitFor();
      const bar = page.getByRole('progressbar');
      await waitFor(async () => (await bar.getAttribute('aria-valuenow')) === '17.5', {
        message: 'aria-valuenow 17.5',
      });
      await waitFor(
        async () =>
          (await page.locator('.progress-fill').evaluate((el) => el.style.width)) === '17.5%',
        { message: 'the fill at 17.5%' },
      );
      await page.locator('#anteriores').scrollIntoViewIfNeeded();
      await page
        .locator('#anteriores .raffle-card-placeholder[aria-label="Sorteo de Verano: Moto 0 km"]')
        .waitFor();
      await saveScreenshot(page, `sorteos-progress-${label}`);
    });
  }

  it("after the draw the hero names the winner, a won instant prize reads 'Ganado', and winner cards link to /verificar", async () => {
    await sellPaid(site, watcher, TOTAL - 7);
    await waitFor(
      async () =>
        fairnessExportSchema.parse(await site.api('GET', '/raffle/fairness')).closing !== null,
      { message: 'the sale to close' },
    );
    await site.api('POST', '/raffle/draw', {
      firstPrize: '48213',
      drawNumber: 7012,
      drawDate: ecuadorDay(new Date()),
    });
    const winner = maskedHolder({ firstName: 'Ana', lastName: 'Pérez', city: 'Quito' });

    for (const [label, viewport] of [
      ['390', PHONE],
      ['1366', LAPTOP],
    ] as const) {
      const page = await site.page(viewport);
      const hero = page.getByTestId('hero-winner');
      await waitFor(
        async () => {
          await page.goto('/');
          return (await hero.count()) > 0;
        },
        { message: 'the winner in the hero' },
      );
      await hero.getByText(BUYER_TEXTS.winnerTitle).waitFor();
      await hero.getByText(winner, { exact: true }).waitFor();
      const number = (await hero.locator('.hero-winner-number').textContent())!;
      expect(number).toMatch(/^\d{2}$/);
      expect(await hero.getByRole('link').getAttribute('href')).toBe(`/verificar?n=${number}`);

      const won = page.getByTestId('instant-prizes').locator('li', { hasText: prizes[1]!.number });
      await won.getByText('Ganado', { exact: true }).waitFor();
      await saveScreenshot(page, `after-draw-home-${label}`);

      for (const path of ['/ganadores', '/sorteos']) {
        await page.goto(path);
        const link = page
          .locator('.raffle-card')
          .getByRole('link', { name: new RegExp(`^${BUYER_TEXTS.verifyLink}`) });
        await link.first().waitFor();
        expect(await link.first().getAttribute('href')).toBe(`/verificar?n=${number}`);
      }
      await saveScreenshot(page, `after-draw-sorteos-${label}`);
    }
  });
});
