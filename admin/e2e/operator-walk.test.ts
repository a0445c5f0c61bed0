// The operator's walk at 1366 px, as admin and as reseller: the dashboard's "Mensajes de
// hoy" counts the e-mails the day's purchases sent, and Historial de Compras fits the
// page — a wide table scrolls inside its own box, the page itself never past the window.
import { WHATSAPP_TEXTS as T } from '@vag/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import {
  DESKTOP,
  completedPurchase,
  englishOnScreen,
  shoot,
  staffPage,
  useAdminSite,
  waitFor,
} from './support';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const site = useAdminSite();

/** How far the page reaches past the window's right edge (0: nothing is cut off). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('the operator walk at 1366 px', () => {
  it("counts the day's e-mails on the dashboard and keeps Historial de Compras inside the page, for admin and reseller", async () => {
    for (const n of [1, 2, 3])
      await completedPurchase(site, {
        email: `walk-${n}-${Date.now()}@correo.ec`,
        resellerCode: n === 1 ? site.reseller.code : null,
      });
    for (const [who, account] of [
      ['admin', site.admin],
      ['reseller', site.reseller],
    ] as const) {
      const page = await staffPage(site, account, DESKTOP);
      const mail = page.getByTestId('rate-email');
      await mail.waitFor();
      // Each confirmed transfer sent its order notice and its numbers by e-mail.
      await waitFor(
        async () => {
          const text = await mail.innerText();
          const sent = Number(/(\d+) enviados?/.exec(text)?.[1] ?? 0);
          return sent >= 3 ? text : null;
        },
        { message: "the dashboard's e-mail count" },
      );
      await page.getByText(T.ratesTitle).waitFor();
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await shoot(page, `walk-dashboard-${who}-1366`);

      await page.getByRole('menuitem', { name: 'Historial de Compras' }).click();
      await page.getByRole('table').waitFor();
      expect(await overflow(page), `${who}: the purchases page past 1366 px`).toBeLessThanOrEqual(
        0,
      );
      // The date shows whole beside the pinned Detalles, not beneath it.
      const [date, details] = await Promise.all(
        [-2, -1].map((i) =>
          page
            .locator('tbody tr')
            .first()
            .locator('td')
            .nth(i)
            .evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect),
        ),
      );
      expect(date!.right, `${who}: Fecha under Detalles`).toBeLessThanOrEqual(details!.left + 1);
      await shoot(page, `walk-purchases-${who}-1366`);
      expect(await englishOnScreen(page)).toEqual([]);
    }
  });
});
