// Two raffles on sale, 'Gran Rifa' and 'Rifa Express': Reportes, the dashboard's sales
// chart and the Historial de Compras each narrow to one raffle with their 'Rifa' filter
// (or show 'Todas las rifas'), and name each purchase's raffle; a reseller's own sales
// narrow the same way.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  recordPurchases,
  reportPurchase,
  twoRaffles,
} from '../../server/src/testing/recorded-purchases';
import {
  completedPurchase,
  DESKTOP,
  englishOnScreen,
  MOBILE,
  shoot,
  staffPage,
  useAdminSite,
  waitUntilReportedPaid,
} from './support';
import type { Page } from 'playwright-core';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const site = useAdminSite();

beforeAll(async () => {
  await twoRaffles(site.srv);
  // Gran Rifa: 2 numbers at $1,50 through the real create-order, the reseller's sale.
  const first = await completedPurchase(site, {
    email: 'gran.rifa@correo.ec',
    quantity: 2,
    firstName: 'Gonzalo',
    resellerCode: site.reseller.code,
  });
  await waitUntilReportedPaid(site, first);
  // Rifa Express: 4 numbers for $8, also the reseller's, and one direct sale.
  const recorded = new Map([[first, 'COMPLETED']]);
  await recordPurchases(site.srv, recorded, [
    reportPurchase({
      raffleId: 'r-b',
      createdAt: new Date(),
      buyer: { firstName: 'Elena', lastName: 'Express', email: 'elena.express@correo.ec' },
      quantity: 4,
      totalPrice: 8,
      paymentMethod: 'card',
      resellerCode: site.reseller.code,
    }),
    reportPurchase({
      raffleId: 'r-b',
      createdAt: new Date(),
      buyer: { firstName: 'Darío', lastName: 'Directo', email: 'dario.directo@correo.ec' },
      quantity: 1,
      totalPrice: 2,
      paymentMethod: 'card',
    }),
  ]);
});

async function chooseRaffle(page: Page, name: string) {
  await page.getByRole('combobox', { name: /^Rifa / }).click();
  await page.getByRole('option', { name, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

describe("the 'Rifa' filter", () => {
  it('Reportes: one raffle\'s rows and totals, each row naming its raffle; "Todas las rifas" shows both', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await staffPage(site, site.admin, viewport);
      await page.goto('/admin/reports');
      await chooseRaffle(page, 'Rifa Express');
      await page.getByRole('button', { name: 'Generar' }).click();
      await expect.poll(() => page.getByTestId('report-total-tickets').textContent()).toBe('5');
      expect(await page.getByTestId('report-total-amount').textContent()).toBe('$10,00');
      await page.getByRole('row', { name: /Rifa Express.*Elena Express/ }).waitFor();
      expect(await page.getByRole('row', { name: /Gonzalo/ }).count()).toBe(0);
      await shoot(page, `reports-by-raffle-${viewport.width}`);

      await chooseRaffle(page, 'Todas las rifas');
      await page.getByRole('button', { name: 'Generar' }).click();
      await expect.poll(() => page.getByTestId('report-total-tickets').textContent()).toBe('7');
      await page.getByRole('row', { name: /Gran Rifa.*Gonzalo Pérez/ }).waitFor();
      expect(await englishOnScreen(page)).toEqual([]);
    }
  });

  it("the dashboard's sales chart and its total follow the raffle chosen", async () => {
    const page = await staffPage(site);
    const total = page.getByTestId('sales-chart-total');
    await expect.poll(() => total.textContent()).toBe('7 números vendidos · $13,00');
    await chooseRaffle(page, 'Gran Rifa');
    await expect.poll(() => total.textContent()).toBe('2 números vendidos · $3,00');
    await chooseRaffle(page, 'Rifa Express');
    await expect.poll(() => total.textContent()).toBe('5 números vendidos · $10,00');
    await page.getByRole('img', { name: 'Ventas por día' }).waitFor();
    await shoot(page, 'dashboard-sales-by-raffle');
  });

  it('Historial de Compras: a Rifa column, and the list narrows to one raffle', async () => {
    const page = await staffPage(site);
    await page.goto('/admin/purchases');
    await page.getByText('Mostrando 1-3 de 3 compras').waitFor();
    await page.getByRole('row', { name: /Gran Rifa.*Gonzalo/ }).waitFor();
    await chooseRaffle(page, 'Rifa Express');
    await page.getByText('Mostrando 1-2 de 2 compras').waitFor();
    await page.getByRole('row', { name: /Rifa Express.*Elena Express/ }).waitFor();
    expect(await page.getByRole('row', { name: /Gonzalo/ }).count()).toBe(0);
    await shoot(page, 'purchases-by-raffle');
  });

  it("a reseller's own sales narrow by raffle too, on their list and their chart", async () => {
    const page = await staffPage(site, site.reseller);
    const total = page.getByTestId('sales-chart-total');
    await expect.poll(() => total.textContent()).toBe('6 números vendidos · $11,00');
    await chooseRaffle(page, 'Rifa Express');
    await expect.poll(() => total.textContent()).toBe('4 números vendidos · $8,00');

    await page.goto('/admin/purchases');
    await page.getByText('Mostrando 1-2 de 2 compras').waitFor();
    await chooseRaffle(page, 'Gran Rifa');
    await page.getByText('Mostrando 1-1 de 1 compras').waitFor();
    await page.getByRole('row', { name: /Gran Rifa.*Gonzalo/ }).waitFor();
    expect(await englishOnScreen(page)).toEqual([]);
  });
});
