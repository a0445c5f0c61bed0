// Ajustes in sections (SPEC Configuración) at 1366 px: tabs name each section and the
// address keeps it; what a person typed survives the certificate's upload and the window
// coming back into focus; leaving a section or the page with unsaved changes asks first,
// and staying keeps every value. A self-signed certificate is kept for pruebas with the
// warning that the SRI will reject what it signs.
import { INVOICE_TEXTS, TOASTS } from '@vag/contracts';
import { makeTestP12 } from '@vag/core/testing/test-certificate';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { invoicingMessages as M } from '../src/i18n/es-invoicing';
import { DESKTOP, englishOnScreen, shoot, staffPage, useAdminSite } from './support';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const site = useAdminSite({ numbers: false });
const UNSAVED = 'Tienes cambios sin guardar';

function selfSignedP12(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'vag-p12-')), 'casera.p12');
  writeFileSync(file, makeTestP12({ selfSigned: true }));
  return file;
}

/** The tab is hidden and shown again, as when the file chooser or another window closes. */
async function windowRefocused(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const state of ['hidden', 'visible']) {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    }
    window.dispatchEvent(new Event('focus'));
  });
}

describe('Ajustes in sections', () => {
  it('keeps the invoicing data typed before the certificate, warns that a self-signed one is not accredited, and asks before leaving', async () => {
    const page = await staffPage(site, site.admin, DESKTOP);
    await page.goto('/admin/settings');
    const tabs = page.getByRole('tablist', { name: 'Secciones de Ajustes' });
    for (const name of [
      'General',
      'Pagos',
      'Límites de compra',
      'Mensajes',
      'Facturación electrónica',
      'Datos personales',
    ])
      await tabs.getByRole('tab', { name }).waitFor();
    await tabs.getByRole('tab', { name: 'Facturación electrónica' }).click();
    await page.waitForURL(/seccion=facturacion/);
    const card = page.getByTestId('invoicing');
    const typed = {
      razonSocial: 'Voy a Ganar Sorteos S.A.S.',
      ruc: '1790011674001',
      dirMatriz: 'Av. 9 de Octubre 100, Guayaquil',
    };
    for (const [key, value] of Object.entries(typed))
      await card.getByLabel(M.card.labels[key as 'ruc'], { exact: true }).fill(value);

    await card.getByTestId('invoicing-certificate-file').setInputFiles(selfSignedP12());
    await windowRefocused(page);
    await card.getByLabel(M.card.certificatePassword).fill('clave-de-prueba');
    await card.getByRole('button', { name: M.card.upload }).click();
    const warning = card.getByTestId('certificate-not-accredited');
    await warning.getByText(INVOICE_TEXTS.certificate.notAccredited).waitFor();
    await windowRefocused(page);
    for (const [key, value] of Object.entries(typed))
      await expect
        .poll(() => card.getByLabel(M.card.labels[key as 'ruc'], { exact: true }).inputValue())
        .toBe(value);
    await tabs.getByRole('tab', { name: 'Facturación electrónica (sin guardar)' }).waitFor();
    // The toast that says it was saved is gone before the picture: the warning stays.
    await page.getByText(/^Certificado guardado/).waitFor({ state: 'detached' });
    await warning.scrollIntoViewIfNeeded();
    await shoot(page, 'settings-certificate-warning-1366');

    // Another section: asked first; staying keeps everything typed.
    await tabs.getByRole('tab', { name: 'General' }).click();
    const dialog = page.getByRole('dialog', { name: UNSAVED });
    await dialog.getByText('Si sales de «Facturación electrónica» ahora').waitFor();
    await shoot(page, 'settings-unsaved-question-1366');
    await dialog.getByRole('button', { name: 'Seguir editando' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toContain('seccion=facturacion');
    expect(await card.getByLabel(M.card.labels.ruc, { exact: true }).inputValue()).toBe(typed.ruc);

    // A menu link: asked too; leaving without saving goes.
    await page.getByRole('menuitem', { name: 'Inicio' }).click();
    await dialog.waitFor();
    expect(page.url()).toContain('/admin/settings');
    await dialog.getByRole('button', { name: 'Salir sin guardar' }).click();
    await page.waitForURL((url) => !url.pathname.includes('/settings'));
    expect(await englishOnScreen(page)).toEqual([]);
  });

  it('each section saves with its own button; a saved section is left without a question', async () => {
    const page = await staffPage(site, site.admin, DESKTOP);
    await page.goto('/admin/settings?seccion=general');
    const email = page.getByLabel('Correo electrónico');
    await email.fill('hola@voyaganar.ec');
    await windowRefocused(page);
    await expect.poll(() => email.inputValue()).toBe('hola@voyaganar.ec');
    await page.getByRole('tab', { name: 'Pagos' }).click();
    const dialog = page.getByRole('dialog', { name: UNSAVED });
    await dialog.getByRole('button', { name: 'Seguir editando' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Guardar General' }).click();
    await page.getByText(TOASTS.settingsSaved).first().waitFor();
    expect((await site.srv.db.collection('settings').findOne({}))?.email).toBe('hola@voyaganar.ec');
    await page.getByRole('tab', { name: 'Pagos' }).click();
    await page.getByRole('button', { name: 'Guardar Pagos' }).waitFor();
    expect(await dialog.count()).toBe(0);
    expect(page.url()).toContain('seccion=pagos');
    await shoot(page, 'settings-sections-pagos-1366');
  });
});
