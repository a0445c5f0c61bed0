// The dashboard as an admin reads it: the sales chart (numbers sold per day and method) and
// 'Borrar todo' in its 'Zona de peligro', behind a typed confirmation.
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

  it("keeps 'Borrar todo' in a 'Zona de peligro' at the foot, behind a typed BORRAR that says what it deletes", async () => {
    await completedPurchase(site, { email: 'borrar@correo.ec', quantity: 3 });
    for (const viewport of [MOBILE, DESKTOP]) {
      const page = await staffPage(site, site.admin, viewport);
      await page.getByText(/[1-9]\d* de 1.000 números asignados/).waitFor();
      const zone = page.getByRole('region', { name: 'Zona de peligro' });
      const button = zone.getByRole('button', { name: UI.deleteAll });
      await button.waitFor();
      // Not the first control nor the top-right one: below every card of the dashboard.
      const [buttonBox, raffleBox, chartBox] = await Promise.all([
        button.boundingBox(),
        page.getByRole('heading', { name: 'Sorteo Actual' }).boundingBox(),
        page.getByRole('img', { name: 'Ventas por día' }).boundingBox(),
      ]);
      expect(buttonBox!.y).toBeGreaterThan(raffleBox!.y);
      expect(buttonBox!.y).toBeGreaterThan(chartBox!.y + chartBox!.height);
      expect(await page.getByRole('button', { name: UI.deleteAll }).count()).toBe(1);
      await page.getByRole('region', { name: 'Zona de peligro' }).scrollIntoViewIfNeeded();
      await shoot(page, `dashboard-danger-zone-${viewport.width}`);
    }

    const page = await staffPage(site);
    await page.getByRole('button', { name: UI.deleteAll }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(/Se borrarán TODAS las compras \(pagadas, pendientes y vencidas\)/)
      .waitFor();
    await dialog.getByText(/Se conservan los paquetes, los ajustes/).waitFor();
    const confirm = dialog.getByRole('button', { name: UI.deleteAll });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Escribe BORRAR para confirmar').fill('borrar');
    expect(await confirm.isDisabled()).toBe(true);
    await shoot(page, 'delete-all-typed-confirm');
    await dialog.getByRole('button', { name: UI.cancel }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await site.api<unknown[]>('GET', '/purchases')).length).toBeGreaterThan(0);

    await page.getByRole('button', { name: UI.deleteAll }).click();
    // Cancelling forgot what was typed.
    expect(await dialog.getByLabel('Escribe BORRAR para confirmar').inputValue()).toBe('');
    await dialog.getByLabel('Escribe BORRAR para confirmar').fill('BORRAR');
    await confirm.click();
    // The page reloads after the deletion.
    await page.getByText('0 de 1.000 números asignados').waitFor();
    expect(await site.api<unknown[]>('GET', '/purchases')).toEqual([]);
  });
});
