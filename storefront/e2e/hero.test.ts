// The hero's picture (SPEC §2): the banner gif when there is one, else the slot images
// as a carousel (pages.test.ts), else the raffle's own image.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, startSite, uploadMedia, waitFor, type Site } from './support';

/** The smallest valid GIF: one transparent pixel. */
const ONE_PIXEL_GIF = Buffer.from(
  'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==',
  'base64',
);

let site: Site;

beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.stop();
});

describe('hero background', () => {
  it('shows the raffle image while no media slot is filled, and the banner gif once uploaded', async () => {
    await site.api('PUT', '/lottery', {
      name: 'Sorteo de Prueba',
      prize: 'Televisor 65"',
      pricePerNumber: 2,
      imageUrl: `${site.url}/favicon.svg`,
      endDate: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
    });
    // Its sale opened: the home shows a published raffle only (SPEC §7).
    await site.api('POST', '/raffle/generate-raffle-numbers');
    await site.api('PATCH', '/lottery/is-active', { isActive: true });
    const page = await site.page(MOBILE);
    await page.goto('/');
    const hero = page.getByRole('region', { name: 'Sorteo actual' });
    const image = hero.getByRole('img', { name: 'Sorteo Sorteo de Prueba' });
    await image.waitFor();
    expect(await image.getAttribute('src')).toBe(`${site.url}/favicon.svg`);
    expect(await hero.getByRole('button', { name: 'Ir a la imagen 1' }).count()).toBe(0);

    await uploadMedia(site, 'banner.gif', ONE_PIXEL_GIF, 'image/gif');
    await waitFor(
      async () => {
        await page.reload();
        await image.waitFor({ timeout: 2000 });
        return (await image.getAttribute('src'))?.startsWith('/media/banner.gif?v=');
      },
      { message: 'the banner gif in the hero' },
    );
  });
});
