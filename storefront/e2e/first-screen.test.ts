// The first screen sells (SPEC §2, Home): at a phone's 390×844 and a laptop's 1366×768 the
// raffle's name, the prize photo, the price per number, the countdown and the call to
// action are visible without scrolling, and nothing moves while the page loads.
import { UI } from '@vag/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  drawJpeg,
  openMeasuringShifts,
  saveScreenshot,
  seedRaffle,
  startSite,
  uploadMedia,
  type Site,
} from './support';

const PHONE = { width: 390, height: 844 } as const;
const LAPTOP = { width: 1366, height: 768 } as const;

let site: Site;

beforeAll(async () => {
  site = await startSite();
  await seedRaffle(site, { pricePerNumber: 1.25 });
  const painter = await site.page();
  await uploadMedia(
    site,
    'media-1.jpg',
    await drawJpeg(painter, { text: '¡Camioneta 0 km!', from: '#5b21b6', to: '#f59e0b' }),
    'image/jpeg',
  );
});
afterAll(async () => {
  await site?.stop();
});

async function insideViewport(page: Page, selector: string): Promise<boolean> {
  const box = await page.locator(selector).first().boundingBox();
  const viewport = page.viewportSize()!;
  return Boolean(box && box.y >= 0 && box.y + box.height <= viewport.height && box.width > 0);
}

describe('the first screen', () => {
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['laptop', LAPTOP],
  ] as const) {
    it(`shows name, photo, price, countdown and CTA without scrolling or shifting at ${viewport.width}×${viewport.height}`, async () => {
      const page = await site.page(viewport);
      const shifts = await openMeasuringShifts(page, '/');
      const hero = page.getByRole('region', { name: 'Sorteo actual' });
      await hero.getByRole('heading', { name: 'Gran Sorteo Navideño', level: 1 }).waitFor();
      await hero.getByText('$1,25').waitFor();
      // The countdown ticks once hydrated; wait for it so its hydration counts as well.
      const seconds = hero.locator('.countdown-value').last();
      const first = await seconds.textContent();
      await page.waitForFunction(
        (before) => document.querySelectorAll('.countdown-value')[3]?.textContent !== before,
        first,
      );
      const photo = hero.getByRole('img', { name: 'Sorteo Gran Sorteo Navideño' });
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('.hero-media img');
        return img?.complete && img.naturalWidth > 0;
      });
      expect(await photo.getAttribute('srcset')).toContain('.webp');
      for (const selector of [
        '.hero-title',
        '.hero-media img',
        '.hero-price',
        '.countdown',
        '.hero-cta',
      ])
        expect(await insideViewport(page, selector), selector).toBe(true);
      expect(await hero.getByRole('link', { name: UI.participate }).isVisible()).toBe(true);
      expect(await shifts()).toBeLessThanOrEqual(0.02);
      await saveScreenshot(page, `first-screen-${label}`);
    });
  }

  it("keeps the disabled 'YA NO SE PUEDE PARTICIPAR' in the first screen once the raffle is closed", async () => {
    // 'Cerrar venta' with nothing pending publishes the sold list at once: the sale stays
    // closed for good, so this test comes last in the file.
    await site.api('PATCH', '/lottery/is-active', { isActive: false });
    for (const viewport of [PHONE, LAPTOP]) {
      const page = await site.page(viewport);
      await page.goto('/');
      const closed = page.getByRole('button', { name: UI.cannotParticipate });
      expect(await closed.isDisabled()).toBe(true);
      expect(await insideViewport(page, '.hero-cta')).toBe(true);
    }
  });
});
