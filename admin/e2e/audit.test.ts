// Auditoría (DESIGN, "The next layer": fairness is published) as an admin reads it: the raffle's set-up actions with who did
// them, newest first, public or staff-only; a reseller is refused the screen.
import { describe, expect, it, vi } from 'vitest';
import { englishOnScreen, shoot, staffPage, useAdminSite } from './support';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

// The site's set-up saves the hero (end date), opens the sale and generates the numbers,
// as an admin.
const site = useAdminSite({ lottery: { totalNumbers: 10 } });

describe('Auditoría', () => {
  it('lists the staff actions newest first with who, what, when and their scope', async () => {
    await site.api('POST', '/raffle/assign-random-prizes', { prizes: [{ amount: 5 }] });
    const page = await staffPage(site);
    await page.getByRole('menuitem', { name: 'Auditoría' }).click();
    await page.waitForURL('**/admin/audit');

    const rows = page.locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(4);
    await expect.poll(() => rows.nth(0).innerText()).toContain('Se asignó 1 premio instantáneo.');
    expect(await rows.nth(1).innerText()).toContain(
      'Se generaron 10 números y se publicó el compromiso.',
    );
    expect(await rows.nth(2).innerText()).toContain('El equipo abrió la venta.');
    expect(await rows.nth(3).innerText()).toContain('Se cambió la fecha de cierre');
    for (let i = 0; i < 4; i++) {
      const text = await rows.nth(i).innerText();
      expect(text).toContain(site.admin.email);
      expect(text).toContain('Rifa (pública)');
      expect(text).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    }
    expect(await englishOnScreen(page)).toEqual([]);
    await shoot(page, 'audit-list');
  });

  it('is refused to a reseller, who does not see it in the menu either', async () => {
    const page = await staffPage(site, site.reseller);
    await page.getByRole('menuitem', { name: 'Historial de Compras' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Auditoría' }).count()).toBe(0);
    await page.goto('/admin/audit');
    await page.getByText('Acceso denegado', { exact: true }).first().waitFor();
    expect(await page.getByText(site.admin.email).count()).toBe(0);
  });
});
