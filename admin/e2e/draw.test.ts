// Sorteo (DESIGN, "The next layer") as an admin runs it: declares the Lotería Nacional draw before the
// first sale, sees the sale close on sellout, enters the official result and the winner,
// and the storefront's /ganadores shows it.
import { ecuadorDay, SALE_TEXTS, SERVER } from '@vag/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  completedPurchase,
  englishOnScreen,
  shoot,
  staffPage,
  typeDate,
  useAdminSite,
  waitFor,
} from './support';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const site = useAdminSite({ lottery: { totalNumbers: 10 } });
const todayTyped = ecuadorDay(new Date())!.split('-').reverse().join('/');

describe('Sorteo', () => {
  it('declares the rule, then enters the official result and shows the winning number', async () => {
    const page = await staffPage(site);
    await page.goto('/admin/draw');
    await page.getByText('Compromiso publicado').waitFor();
    await page.getByText(/SHA-256 de la clave/).waitFor();

    await page.getByLabel('Sorteo de la Lotería Nacional').click();
    await page.getByRole('option', { name: 'Un sorteo determinado' }).click();
    // Today's draw: a result is entered after its draw, never before.
    await typeDate(page, 'Fecha del sorteo', todayTyped);
    await page.getByLabel('Número de sorteo').fill('7012');
    await page.getByRole('button', { name: 'Guardar regla' }).click();
    await page.getByText(SERVER.drawRuleSaved).waitFor();
    await page
      .getByText(`primer premio del sorteo N.º 7012 de la Lotería Nacional del ${todayTyped}`, {
        exact: false,
      })
      .waitFor();

    await completedPurchase(site, { email: 'ana@example.com', quantity: 10 });
    await waitFor(
      async () => {
        await page.reload();
        // isVisible() does not wait: first let the reloaded page show its data.
        await page.getByText('Compromiso publicado').waitFor();
        return page.getByText(/Venta cerrada el .* con 10 números vendidos/).isVisible();
      },
      { message: 'the sale to close', timeoutMs: 60_000 },
    );
    // Closed, the rule is final and the form to change it is gone.
    await page.getByText(SALE_TEXTS.ruleAfterClose).waitFor();
    expect(await page.getByRole('button', { name: 'Guardar regla' }).count()).toBe(0);

    await page.getByLabel('Primer premio').fill('51234');
    await page.getByLabel('Número de sorteo').fill('7013');
    await typeDate(page, 'Fecha del sorteo', todayTyped);
    await page.getByRole('button', { name: 'Registrar resultado' }).click();
    await page.getByText(`La regla exige el sorteo N.º 7012 del ${todayTyped}`).waitFor();

    await page.getByLabel('Número de sorteo').fill('7012');
    await page.getByRole('button', { name: 'Registrar resultado' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publicar resultado' }).click();
    await page.getByText(SERVER.drawRecorded('4')).waitFor();
    await page.getByText(/^Número ganador: 4 — Ana Pérez, pedido /).waitFor();
    await page.getByText('Clave revelada').waitFor();
    expect(await englishOnScreen(page)).toEqual([]);

    // The storefront publishes the result as a past raffle, the holder masked.
    const visitor = await site.page();
    await visitor.goto('/ganadores');
    const card = visitor.getByRole('listitem').filter({ hasText: 'Ana P. — Quito' });
    await card.getByRole('heading', { name: 'Ana P. — Quito' }).waitFor();
    await card.getByText('Camioneta 0 km').waitFor();
    expect(await card.textContent()).toMatch(/Número ganador\s*4/);
    expect(await visitor.getByText('Pérez').count()).toBe(0);
    await shoot(visitor, 'ganadores-after-draw');
  });
});
