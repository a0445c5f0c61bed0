// At 1366 px, as an admin and as a reseller: the purchases table shows the order code and
// its 'Detalles' within the screen; an admin refunds a paid transfer from its details
// (reason and the transfer back's reference) and sees it marked refunded; a reseller has
// no refund action; the audit list names each entry's raffle.
import { REFUND_TEXTS } from '@vag/contracts';
import { describe, expect, it, vi } from 'vitest';
import { DESKTOP, completedPurchase, shoot, staffPage, useAdminSite } from './support';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const site = useAdminSite();

describe('refunds and the purchases table at 1366 px', () => {
  it('an admin refunds a paid transfer from Detalles; the table keeps the order code and Detalles in view', async () => {
    const id = await completedPurchase(site, { email: 'rosa.vera@correo.ec', firstName: 'Rosa' });
    const { orderCode } = await site.api<{ orderCode: string }>('GET', `/purchases/${id}`);
    const page = await staffPage(site, site.admin, DESKTOP);
    await page.goto('/admin/purchases');
    const row = page.getByRole('row', { name: /Rosa Pérez/ });
    await row.getByText(orderCode).waitFor();
    const details = row.getByRole('button', { name: 'Detalles' });
    const box = (await details.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(DESKTOP.width);
    // No column hides under the pinned Detalles: the date ends before it starts.
    const date = (await page.getByRole('columnheader', { name: 'Fecha' }).boundingBox())!;
    expect(date.x + date.width).toBeLessThanOrEqual(box.x);
    await shoot(page, 'purchases-1366');

    await details.click();
    await page.getByRole('button', { name: REFUND_TEXTS.action }).click();
    const dialog = page.getByRole('dialog', { name: REFUND_TEXTS.title });
    await dialog.getByLabel(REFUND_TEXTS.reason).fill('El comprador pagó dos veces');
    await dialog.getByLabel(REFUND_TEXTS.transferReference).fill('TRF-20261207');
    await shoot(page, 'refund-dialog-1366');
    await dialog.getByRole('button', { name: /Reembolsar/ }).click();
    await page.getByTestId('refund-done').waitFor();
    expect(await page.getByTestId('refund-done').textContent()).toContain('TRF-20261207');
    await shoot(page, 'refund-done-1366');

    await page.goto('/admin/audit');
    await page.getByRole('columnheader', { name: 'Rifa' }).waitFor();
    await page
      .getByText(/reembolsada/)
      .first()
      .waitFor();
    await shoot(page, 'audit-1366');
  });

  it('a reseller sees their sales with the order code and no refund action', async () => {
    const id = await completedPurchase(site, {
      email: 'luis.mora@correo.ec',
      firstName: 'Luis',
      resellerCode: site.reseller.code,
    });
    const { orderCode } = await site.api<{ orderCode: string }>('GET', `/purchases/${id}`);
    const page = await staffPage(site, site.reseller, DESKTOP);
    await page.goto('/admin/purchases');
    const row = page.getByRole('row', { name: /Luis Pérez/ });
    await row.getByText(orderCode).waitFor();
    await row.getByRole('button', { name: 'Detalles' }).click();
    await page.getByTestId('transfer-review').waitFor();
    expect(await page.getByRole('button', { name: REFUND_TEXTS.action }).count()).toBe(0);
    await shoot(page, 'purchase-details-reseller-1366');
  });
});
