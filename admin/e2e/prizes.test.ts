// Instant prizes as an admin manages them: numbers generated from the screen, amounts
// assigned (1–10 rows), one prize updated, then all prize numbers deleted.
import { SERVER, TOASTS, UI, VALIDATION, FORM } from '@vag/contracts';
import { describe, expect, it, vi } from 'vitest';
import { englishOnScreen, staffPage, useAdminSite } from './support';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const site = useAdminSite({ lottery: { totalNumbers: 500 }, numbers: false });

describe('Premios Instantáneos', () => {
  it('generates the numbers, assigns amounts, updates a prize and deletes them all', async () => {
    const page = await staffPage(site);
    await page.goto('/admin/prizes');
    await page.getByText(UI.noInstantPrizes).waitFor();
    await page.getByRole('button', { name: 'Generar números de la rifa' }).click();
    await page.getByText(SERVER.numbersGenerated(500)).waitFor();

    await page.getByRole('tab', { name: 'Asignar Montos' }).click();
    const warning = page.getByText(/Los montos se asignan al azar/);
    await warning.waitFor();
    await page.getByRole('button', { name: 'Cerrar aviso' }).click();
    await warning.waitFor({ state: 'detached' });

    // The first row cannot be removed; at most ten rows.
    expect(await page.getByRole('button', { name: 'Quitar monto' }).count()).toBe(0);
    for (let i = 2; i <= 10; i += 1)
      await page.getByRole('button', { name: 'Agregar monto' }).click();
    await page.getByLabel('Monto 10').waitFor();
    await page.getByRole('button', { name: 'Agregar monto' }).click();
    await page.getByText(FORM.prizeLimitReached).waitFor();
    expect(await page.getByLabel(/^Monto \d+$/).count()).toBe(10);
    while ((await page.getByRole('button', { name: 'Quitar monto' }).count()) > 1) {
      await page.getByRole('button', { name: 'Quitar monto' }).last().click();
    }

    await page.getByLabel('Monto 1').fill('50');
    await page.getByLabel('Monto 2').fill('0');
    await page.getByRole('button', { name: 'Asignar premios' }).click();
    await page.getByText(VALIDATION.prizeAmountMin).waitFor();
    await page.getByLabel('Monto 2').fill('20');
    await page.getByRole('button', { name: 'Asignar premios' }).click();
    await page.getByText(SERVER.prizesAssigned(2)).waitFor();

    await page.getByRole('tab', { name: 'Consultar Premios' }).click();
    await page.getByRole('cell', { name: '$50,00' }).waitFor();
    const row = page.getByRole('row', { name: /\$20,00/ });
    await row.getByText('Disponible').waitFor();
    await row.getByRole('button', { name: 'Actualizar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Monto del premio').fill('75');
    await dialog.getByLabel('Entregado').check();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(TOASTS.prizeUpdated).waitFor();
    await page.getByRole('cell', { name: '$75,00' }).waitFor();
    expect(await englishOnScreen(page)).toEqual([]);

    await page.getByRole('button', { name: 'Eliminar números premiados' }).click();
    await page.getByText(UI.deletePrizesConfirm).waitFor();
    // It says it is the step that makes the numbers be generated again.
    await page
      .getByRole('heading', { name: '¿Eliminar los números y generarlos de nuevo?' })
      .waitFor();
    await page.getByText(/tendrás que volver a generar los números/).waitFor();
    await page.getByRole('button', { name: UI.confirm }).click();
    await page.getByText(SERVER.numbersDeleted).waitFor();
    await page.getByText(UI.noInstantPrizes).waitFor();
  });
});
