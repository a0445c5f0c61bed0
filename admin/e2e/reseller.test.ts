// A reseller's back office: three menu entries, only their own purchases, and admin
// screens refused even when typed in the address bar.
import { ORDER_MESSAGES, SALE_TEXTS, TOASTS, UI } from '@vag/contracts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  completedPurchase,
  createBankTransferOrder,
  DESKTOP,
  englishOnScreen,
  MOBILE,
  shoot,
  spaGoto,
  staffPage,
  uploadReceipt,
  useAdminSite,
} from './support';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const site = useAdminSite();
const own = `propia.${Date.now()}@correo.ec`;
const other = `ajena.${Date.now()}@correo.ec`;

beforeAll(async () => {
  await completedPurchase(site, {
    email: own,
    resellerCode: site.reseller.code,
    firstName: 'Propia',
  });
  await completedPurchase(site, { email: other, firstName: 'Ajena' });
});

describe('a reseller in the back office', () => {
  it('sees only Inicio, Historial de Compras and Reportes, and only their own purchases', async () => {
    const page = await staffPage(site, site.reseller);
    await page.getByText('Revendedor', { exact: true }).first().waitFor();
    await page.getByRole('menuitem', { name: 'Historial de Compras' }).waitFor();
    const entries = (await page.getByRole('menuitem').allInnerTexts()).map((t) => t.trim());
    expect(entries).toEqual(['Inicio', 'Historial de Compras', 'Reportes']);
    expect(await page.getByRole('button', { name: UI.deleteAll }).count()).toBe(0);
    expect(await page.getByRole('button', { name: SALE_TEXTS.closeSale }).count()).toBe(0);

    await spaGoto(page, '/admin/purchases');
    await page.getByText(/Mostrando 1-\d+ de \d+ compras/).waitFor();
    await page.getByRole('row', { name: new RegExp(own.replace(/\./g, '\\.')) }).waitFor();
    expect(await page.getByText(other).count()).toBe(0);
    expect(await englishOnScreen(page)).toEqual([]);
  });

  it('does not get admin screens by typing their address', async () => {
    const page = await staffPage(site, site.reseller);
    for (const [path, marker] of [
      ['/admin/packages', 'Añadir paquete'],
      ['/admin/hero', 'Página de la rifa'],
      ['/admin/raffles', 'Nueva rifa'],
      ['/admin/draw', 'Compromiso publicado'],
      ['/admin/prizes', 'Asignar Montos'],
      ['/admin/settings', 'Redes Sociales'],
      ['/admin/resellers', 'Buscar por nombre o email'],
      ['/admin/archive', 'Registrar rifa anterior'],
      ['/admin/admin-banner-manager', 'Banner animado (GIF)'],
    ] as const) {
      await page.goto(path);
      await page.getByText('Acceso denegado', { exact: true }).first().waitFor();
      expect(await page.getByText(marker).count()).toBe(0);
      expect(await englishOnScreen(page)).toEqual([]);
    }
    await page.goto('/admin/users');
    await page.getByText('Acceso Denegado', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Registrar usuario' }).count()).toBe(0);
  });

  it('sees Confirmar/Rechazar on their own transfer only once Ajustes allows it, and confirms it', async () => {
    const email = `transfer.${Date.now()}@correo.ec`;
    const purchaseId = await createBankTransferOrder(site, {
      email,
      quantity: 2,
      resellerCode: site.reseller.code,
    });
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await staffPage(site, site.reseller, viewport);
      await spaGoto(page, '/admin/purchases');
      await page.getByPlaceholder('Buscar por número, email o revendedor').fill(email);
      const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
      await row.getByText('PENDIENTE').waitFor();
      await row.getByRole('button', { name: UI.details }).click();
      const dialog = page.getByRole('dialog');
      // Off by default: the api's reason instead of a form it would refuse.
      await dialog.getByText(ORDER_MESSAGES.resellerConfirmOff).waitFor();
      expect(await dialog.getByRole('button', { name: UI.confirmTransfer }).count()).toBe(0);
      expect(await dialog.getByRole('button', { name: 'Rechazar comprobante' }).count()).toBe(0);
      expect(await dialog.getByLabel('Motivo del rechazo').count()).toBe(0);
      await shoot(page, `reseller-may-not-confirm-${viewport.width}`);
    }

    await site.api('PUT', '/settings/current', { resellersCanConfirm: true });
    try {
      const page = await staffPage(site, site.reseller);
      await spaGoto(page, '/admin/purchases');
      await page.getByPlaceholder('Buscar por número, email o revendedor').fill(email);
      const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
      await row.getByRole('button', { name: UI.details }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: UI.confirmTransfer }).click();
      await dialog.getByLabel('Código de referencia').fill('REF-REV-77');
      await dialog.getByLabel('Banco').fill('Banco del Austro');
      await dialog.getByRole('button', { name: UI.confirmTransfer }).click();
      // A reseller confirms only with proof: a receipt or a bank line naming the order.
      await page.getByText(ORDER_MESSAGES.resellerNeedsProof).waitFor();
      await uploadReceipt(site, purchaseId);
      await dialog.getByRole('button', { name: UI.confirmTransfer }).click();
      await page.getByText(TOASTS.transferConfirmed(2)).waitFor();
      // The toast comes before the dialog's refetch; the grid only exists once numbers are in.
      const grid = dialog.getByTestId('numbers-grid');
      await grid.waitFor();
      expect(await grid.locator('> *').count()).toBe(2);
    } finally {
      await site.api('PUT', '/settings/current', { resellersCanConfirm: false });
    }
  });

  it('sees on a phone a header whose title ends in an ellipsis before the account button, not cut mid-letter', async () => {
    const page = await staffPage(site, site.reseller, MOBILE);
    const title = page.locator('#react-admin-title');
    await title.getByText('Panel de Administración').waitFor();
    const account = page.getByRole('button', { name: 'Abrir menú de cuenta' });
    const [bar, text, button] = await Promise.all([
      title.boundingBox(),
      title.locator('> *').boundingBox(),
      account.boundingBox(),
    ]);
    // The text is laid out within the title's own box (where it ends in "…"), which ends
    // before the account button; the role badge is on screen.
    expect(text!.x + text!.width).toBeLessThanOrEqual(bar!.x + bar!.width + 0.5);
    expect(bar!.x + bar!.width).toBeLessThanOrEqual(button!.x);
    expect(button!.x + button!.width).toBeLessThanOrEqual(MOBILE.width);
    await expect
      .poll(() => title.locator('> *').evaluate((e) => e.scrollWidth > e.clientWidth))
      .toBe(true);
    await shoot(page, 'reseller-header-mobile');
  });

  it("copies the referral link from 'Mi Cuenta'", async () => {
    const page = await staffPage(site, site.reseller);
    await page.getByRole('button', { name: 'Abrir menú de cuenta' }).click();
    await page
      .getByRole('menuitem', { name: new RegExp(`Código de referido: ${site.reseller.code}`) })
      .click();
    await page.getByText(TOASTS.referralCopied).waitFor();
    expect(await page.getByText(TOASTS.referralCodeTitle, { exact: true }).count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${site.url}/?code=${site.reseller.code}`,
    );
  });

  it("finds on Inicio a guide of what a reseller can do, with their link, instead of 'Guía Rápida'", async () => {
    const page = await staffPage(site, site.reseller);
    const guide = page.getByRole('heading', { name: 'Guía del Revendedor' });
    await guide.waitFor();
    expect(await page.getByText('Guía Rápida').count()).toBe(0);
    const link = `${site.url}/?code=${site.reseller.code}`;
    await page.getByText(link, { exact: true }).waitFor();
    await page.getByText(/Comparte tu enlace/).waitFor();
    await page.getByRole('button', { name: 'Copiar enlace' }).click();
    await page.getByText(TOASTS.referralCopied).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await shoot(page, 'reseller-guide');
    expect(await englishOnScreen(page)).toEqual([]);

    await page.getByRole('link', { name: 'Reportes' }).last().click();
    await page.waitForURL('**/admin/reports');
  });
});
