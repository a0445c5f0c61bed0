// The featured raffle lets buyers choose their numbers: the home shows its grid as the
// raffle's own page does, and a number chosen there is the one the checkout asks to pay.
import { PICK_TEXTS } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviders, type FakeProviders } from '../../core/src/testing/fakes/index';
import { hydrated, saveScreenshot, seedRaffle, startSite, type Site } from './support';

const PHONE = { width: 390, height: 844 } as const;
const WIDE = { width: 1366, height: 900 } as const;

let fakes: FakeProviders;
let site: Site;

beforeAll(async () => {
  fakes = await startFakeProviders();
  site = await startSite({ env: fakes.env });
  await seedRaffle(site);
  // The featured raffle's mode, as its draft would have been saved in the back office, then
  // published (a draft's grid answers 404 to buyers).
  await site.srv.db
    .collection<{ _id: string }>('raffles')
    .updateOne({ _id: 'current' }, { $set: { numberMode: 'pick', publishedAt: new Date() } });
});
afterAll(async () => {
  await site?.stop();
  await fakes?.stop();
});

describe.each([
  ['390', PHONE, '427'],
  ['1366', WIDE, '512'],
] as const)('the home of a pick-your-numbers raffle at %s px', (label, viewport, wanted) => {
  it('shows the grid; the number chosen there goes to the checkout', async () => {
    const page = await site.page(viewport);
    await page.goto('/');
    await page
      .getByRole('heading', { name: 'Elige tus números', level: 2 })
      .scrollIntoViewIfNeeded();
    await hydrated(page, 'RafflePicks');
    const grid = page.getByTestId('number-grid');
    await grid.waitFor();
    await page.getByLabel(PICK_TEXTS.searchLabel).fill(wanted);
    await grid.getByRole('button', { name: `${wanted}, libre` }).click();
    await saveScreenshot(page, `home-number-grid-${label}`);
    const buy = page.getByTestId('buy-selection');
    expect(await buy.textContent()).toContain('Comprar 1 número');
    await buy.click();
    await page.waitForURL('**/checkout');
    await page.getByRole('heading', { name: 'Elige tu número' }).waitFor();
    expect(await page.getByTestId('number-selection').textContent()).toContain(wanted);
  });
});
