// The dashboard as an admin reads it: the sales chart (numbers sold per day and method), and
// no 'Borrar todo' any more (a draft raffle's test orders are cleared on its own page).
import { UI, type SalesChart } from '@vag/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  completedPurchase,
  DESKTOP,
  englishOnScreen,
  MOBILE,
  shoot,
  staffPage,
  useAdminSite,
  waitFor,
} from './support';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const site = useAdminSite();

describe('Panel de Administración', () => {
  it('charts the numbers sold per day by payment method', async () => {
    await completedPurchase(site, { email: 'grafico@correo.ec', quantity: 5 });
    // The chart reads the reports worker's projection, which follows the purchase.
    const chart = await waitFor(
      async () => {
        const answer = await site.api<SalesChart>('GET', '/admin/sales-chart');
        return answer.days.some((d) => d.byMethod.bank_transfer >= 5) ? answer : null;
      },
      { message: 'the sale in the sales chart' },
    );
    const day = chart.days.at(-1)?.day ?? '';
    const page = await staffPage(site);
    const figure = page.getByRole('img', { name: 'Ventas por día' });
    await figure.waitFor();
    await figure.getByText(`${day.slice(8, 10)}/${day.slice(5, 7)}`).waitFor();
    await figure.getByText('Transferencia Bancaria').waitFor();
    expect(await figure.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    expect(await englishOnScreen(page)).toEqual([]);
  });

  it("no longer offers 'Borrar todo': a sale is never deleted from the dashboard", async () => {
    await completedPurchase(site, { email: 'conservar@correo.ec', quantity: 3 });
    for (const viewport of [MOBILE, DESKTOP]) {
      const page = await staffPage(site, site.admin, viewport);
      await page.getByText(/[1-9]\d* de 1.000 números asignados/).waitFor();
      await page.getByRole('heading', { name: 'Guía Rápida' }).waitFor();
      expect(await page.getByRole('button', { name: UI.deleteAll }).count()).toBe(0);
      expect(await page.getByRole('region', { name: 'Zona de peligro' }).count()).toBe(0);
      await shoot(page, `dashboard-${viewport.width}`);
    }
    expect((await site.api<unknown[]>('GET', '/purchases')).length).toBeGreaterThan(0);
  });
});
