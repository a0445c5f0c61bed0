// Datos personales at 1366 px and on a phone (390 px) as an admin reads it: the requests with their kind, e-mail,
// received date and 15-day deadline (an overdue one highlighted), status and what was
// done; a deletion received by letter is registered and run from the screen, and the
// phone and cédula the buyer shares with another buyer's purchase stay listed for staff
// to review (the request stays pending). A reseller does not see the screen.
import { describe, expect, it, vi } from 'vitest';
import { insertDataRequest } from '../../core/src/db/data-requests';
import { insertPurchase } from '../../core/src/testing/raffle-fixtures';
import { englishOnScreen, shoot, staffPage, useAdminSite } from './support';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const SCREENS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;
const site = useAdminSite({ lottery: { totalNumbers: 10 } });

describe('Datos personales', () => {
  it.each(SCREENS)(
    'lists the requests with their deadline, highlights the overdue one, and runs a deletion registered by staff at $width px',
    async (screen) => {
      const db = site.srv.db;
      const late = `atrasada.${screen.width}@correo.ec`;
      const done = `hecha.${screen.width}@correo.ec`;
      const old = new Date(Date.now() - 20 * 86_400_000);
      await insertDataRequest(db, {
        email: late,
        kind: 'correction',
        channel: 'web',
        at: old,
      });
      await insertDataRequest(db, {
        email: done,
        kind: 'export',
        channel: 'web',
        done: { by: 'titular', what: 'Descargó sus datos (PDF).' },
      });
      const buyer = `carta.${Date.now()}@correo.ec`;
      const purchaseId = await insertPurchase(db, { email: buyer });
      // Every fixture purchase has the same phone and cédula: another buyer's shares them.
      await insertPurchase(db, { email: `otra.${screen.width}.${Date.now()}@correo.ec` });

      const page = await staffPage(site, site.admin, screen);
      if (screen.width > 600) {
        await page.getByRole('menuitem', { name: 'Datos personales' }).click();
        await page.waitForURL('**/admin/data-requests');
      } else await page.goto('/admin/data-requests');
      const rows = page.locator('tbody tr');
      await rows.first().waitFor();
      expect(await page.locator('tbody tr', { hasText: late }).innerText()).toContain('Vencida');
      expect(await page.locator('tbody tr', { hasText: done }).innerText()).toContain(
        'Descargó sus datos (PDF).',
      );

      await page.getByRole('button', { name: 'Registrar solicitud' }).first().click();
      await page.getByLabel('Correo del titular').fill(buyer);
      await page
        .getByLabel('Nota (cómo llegó la solicitud)')
        .fill(`Carta recibida en la oficina (${screen.width} px)`);
      await page.getByRole('button', { name: 'Guardar' }).click();
      const row = page.locator('tbody tr', { hasText: buyer });
      await row.waitFor();
      expect(await row.innerText()).toContain('Quedan 15 días');
      await shoot(page, `data-requests-${screen.width}`);

      await row.getByRole('button', { name: 'Eliminar datos' }).click();
      await page.getByRole('button', { name: 'Sí, eliminar' }).click();
      await expect
        .poll(
          async () =>
            (await db.collection('purchases').findOne({ _id: purchaseId as never }))?.buyer
              .firstName,
        )
        .toBe('Anónimo');
      await expect
        .poll(() =>
          page
            .locator('tbody tr', { hasText: `Carta recibida en la oficina (${screen.width} px)` })
            .innerText(),
        )
        .toContain('Para revisar');
      const ran = page.locator('tbody tr', {
        hasText: `Carta recibida en la oficina (${screen.width} px)`,
      });
      const text = await ran.innerText();
      expect(text).toContain('Pendiente');
      expect(text).toContain('Teléfono 0991234567: también está en');
      expect(text).toContain('Cédula o RUC 1710034065: también está en');
      expect(await ran.getByRole('button', { name: 'Eliminar datos' }).count()).toBe(0);
      expect(await englishOnScreen(page)).toEqual([]);
      await shoot(page, `data-requests-done-${screen.width}`);
    },
  );

  it('is not in a reseller’s menu and the api refuses them', async () => {
    const page = await staffPage(site, site.reseller);
    await page.getByRole('menuitem', { name: 'Historial de Compras' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Datos personales' }).count()).toBe(0);
  });
});
