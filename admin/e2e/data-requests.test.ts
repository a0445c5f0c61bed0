// Datos personales at 1366 px as an admin reads it: the requests with their kind, e-mail,
// received date and 15-day deadline (an overdue one highlighted), status and what was
// done; a deletion received by letter is registered and run from the screen. A reseller
// does not see the screen.
import { describe, expect, it, vi } from 'vitest';
import { insertDataRequest } from '../../core/src/db/data-requests';
import { insertPurchase } from '../../core/src/testing/raffle-fixtures';
import { englishOnScreen, shoot, staffPage, useAdminSite } from './support';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const WIDE = { width: 1366, height: 900 } as const;
const site = useAdminSite({ lottery: { totalNumbers: 10 } });

describe('Datos personales', () => {
  it('lists the requests with their deadline, highlights the overdue one, and runs a deletion registered by staff', async () => {
    const db = site.srv.db;
    const old = new Date(Date.now() - 20 * 86_400_000);
    await insertDataRequest(db, {
      email: 'atrasada@correo.ec',
      kind: 'correction',
      channel: 'web',
      at: old,
    });
    await insertDataRequest(db, {
      email: 'hecha@correo.ec',
      kind: 'export',
      channel: 'web',
      done: { by: 'titular', what: 'Descargó sus datos (PDF).' },
    });
    const buyer = `carta.${Date.now()}@correo.ec`;
    const purchaseId = await insertPurchase(db, { email: buyer });

    const page = await staffPage(site, site.admin, WIDE);
    await page.getByRole('menuitem', { name: 'Datos personales' }).click();
    await page.waitForURL('**/admin/data-requests');
    const rows = page.locator('tbody tr');
    await rows.first().waitFor();
    expect(await page.locator('tbody tr', { hasText: 'atrasada@correo.ec' }).innerText()).toContain(
      'Vencida',
    );
    expect(await page.locator('tbody tr', { hasText: 'hecha@correo.ec' }).innerText()).toContain(
      'Descargó sus datos (PDF).',
    );

    await page.getByRole('button', { name: 'Registrar solicitud' }).first().click();
    await page.getByLabel('Correo del titular').fill(buyer);
    await page.getByLabel('Nota (cómo llegó la solicitud)').fill('Carta recibida en la oficina');
    await page.getByRole('button', { name: 'Guardar' }).click();
    const row = page.locator('tbody tr', { hasText: buyer });
    await row.waitFor();
    expect(await row.innerText()).toContain('Quedan 15 días');
    await shoot(page, 'data-requests-1366');

    await row.getByRole('button', { name: 'Eliminar datos' }).click();
    await page.getByRole('button', { name: 'Sí, eliminar' }).click();
    await expect
      .poll(
        async () =>
          (await db.collection('purchases').findOne({ _id: purchaseId as never }))?.buyer.firstName,
      )
      .toBe('Anónimo');
    await expect
      .poll(() => page.locator('tbody tr', { hasText: 'Carta recibida' }).innerText())
      .toContain('Atendida');
    expect(await englishOnScreen(page)).toEqual([]);
    await shoot(page, 'data-requests-done-1366');
  });

  it('is not in a reseller’s menu and the api refuses them', async () => {
    const page = await staffPage(site, site.reseller);
    await page.getByRole('menuitem', { name: 'Historial de Compras' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Datos personales' }).count()).toBe(0);
  });
});
