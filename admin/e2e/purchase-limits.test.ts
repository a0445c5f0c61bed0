// Ajustes → Límites de compra: the operator sets the purchase limits, the server keeps
// them (and refuses a per-order maximum above the per-buyer one in Spanish), and the
// storefront's public settings carry the per-order maximum.
import { SETTINGS_MESSAGES, TOASTS } from '@vag/contracts';
import { describe, expect, it, vi } from 'vitest';
import { DESKTOP, englishOnScreen, shoot, staffPage, useAdminSite } from './support';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const site = useAdminSite({ numbers: false });

describe('Límites de compra', () => {
  it('saves the per-order maximum, the unpaid ceilings and their share of the raffle, and the first hold; refuses a maximum above the per-buyer one', async () => {
    const page = await staffPage(site, site.admin, DESKTOP);
    await page.goto('/admin/settings?seccion=compras');
    const card = page.getByTestId('purchase-limits');
    await card.getByRole('heading', { name: 'Límites de compra' }).waitFor();
    await card.getByLabel('Máximo de números por pedido').fill('50');
    await card.getByLabel('Máximo de números por comprador en la rifa').fill('200');
    await card.getByLabel('Números sin pagar por conexión (IP)').fill('150');
    await card.getByLabel('Números sin pagar: máximo % de la rifa').fill('1.5');
    await card.getByLabel('Primera reserva de una transferencia (horas)').fill('3');
    await page.getByRole('button', { name: 'Guardar Límites de compra' }).click();
    await page.getByText(TOASTS.settingsSaved).waitFor();
    await shoot(page, 'purchase-limits-1366');

    const stored = await site.srv.db.collection('settings').findOne({});
    expect(stored?.purchaseLimits).toMatchObject({
      maxPerOrder: 50,
      maxPerBuyer: 200,
      maxUnpaidPerAddress: 150,
      maxUnpaidPercent: 1.5,
      firstHoldHours: 3,
    });
    const visitor = (await (await fetch(`${site.url}/api/settings`)).json()) as {
      maxPerOrder: number;
    };
    expect(visitor.maxPerOrder).toBe(50);

    await card.getByLabel('Máximo de números por pedido').fill('500');
    await page.getByRole('button', { name: 'Guardar Límites de compra' }).click();
    await page.getByText(SETTINGS_MESSAGES.perOrderAboveBuyer).first().waitFor();
    expect((await site.srv.db.collection('settings').findOne({}))?.purchaseLimits.maxPerOrder).toBe(
      50,
    );
    expect(await englishOnScreen(page)).toEqual([]);
  });
});
