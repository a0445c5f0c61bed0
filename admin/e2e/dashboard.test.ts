// The dashboard as an admin reads it: the sales chart (numbers sold per day and method) and
// 'Borrar todo' behind SPEC §7's confirmation.
import { UI, type SalesChart } from '@vag/contracts';
import { describe, expect, it, vi } from 'vitest';
import { completedPurchase, englishOnScreen, staffPage, useAdminSite, waitFor } from './support';

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

  it("asks before 'Borrar todo', then deletes every purchase and frees the numbers", async () => {
    await completedPurchase(site, { email: 'borrar@correo.ec', quantity: 3 });
    const page = await staffPage(site);
    await page.getByText(/[1-9]\d* de 1.000 números asignados/).waitFor();

    await page.getByRole('button', { name: UI.deleteAll }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(UI.deleteAllConfirm).waitFor();
    await dialog.getByRole('button', { name: UI.cancel }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await site.api<unknown[]>('GET', '/purchases')).length).toBeGreaterThan(0);

    await page.getByRole('button', { name: UI.deleteAll }).click();
    await dialog.getByText(UI.deleteAllConfirm).waitFor();
    await dialog.getByRole('button', { name: UI.confirm }).click();
    // The page reloads after the deletion.
    await page.getByText('0 de 1.000 números asignados').waitFor();
    expect(await site.api<unknown[]>('GET', '/purchases')).toEqual([]);
  });
});
