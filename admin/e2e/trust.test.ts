// The trust page's back office: Ajustes → Organizador holds the legal name, RUC and
// address (a wrong RUC refused in Spanish before anything is sent), and a raffle's
// Confianza tab takes the permit, its document, the prize's photos and invoice and the
// live stream's link (a link that is not a web address refused on its field), saved with
// the raffle and shown on its public trust page.
import {
  SETTINGS_MESSAGES,
  RAFFLE_TRUST_TEXTS,
  type Settings,
  type StaffRaffle,
} from '@vag/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { DESKTOP, englishOnScreen, MOBILE, shoot, staffPage, useAdminSite } from './support';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 180_000 });

const site = useAdminSite();
/** The raffle every store starts with. */
const CURRENT_RAFFLE_ID = 'current';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const card = (page: Page, title: string) =>
  page
    .locator('.MuiCard-root')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

describe('Ajustes → Organizador', () => {
  it('saves the legal name, RUC and address, refusing a wrong RUC in Spanish first', async () => {
    const page = await staffPage(site, site.admin, MOBILE);
    await page.goto('/admin/settings');
    const organizer = card(page, 'Organizador');
    await organizer.getByLabel('Razón social').fill('Voy a Ganar Sorteos S.A.S.');
    await organizer.getByLabel('RUC').fill('1790011675001');
    await organizer.getByLabel('Dirección').fill('Av. 9 de Octubre 100, Guayaquil');
    await page.getByRole('button', { name: 'Guardar General' }).click();
    await organizer.getByText(SETTINGS_MESSAGES.rucInvalid).waitFor();
    expect((await site.api<Settings>('GET', '/settings')).organizer.ruc).toBe('');

    // react-admin's "El formulario no es válido" notice stays over the save button at
    // 390 px: the corrected form is sent from the field with Enter.
    await organizer.getByLabel('RUC').fill('1790011674001');
    await organizer.getByLabel('RUC').press('Enter');
    await expect
      .poll(async () => (await site.api<Settings>('GET', '/settings')).organizer)
      .toMatchObject({
        legalName: 'Voy a Ganar Sorteos S.A.S.',
        ruc: '1790011674001',
        address: 'Av. 9 de Octubre 100, Guayaquil',
      });
    for (const viewport of [MOBILE, DESKTOP]) {
      const view = await staffPage(site, site.admin, viewport);
      await view.goto('/admin/settings');
      const filled = card(view, 'Organizador');
      await expect.poll(() => filled.getByLabel('RUC').inputValue()).toBe('1790011674001');
      await filled.scrollIntoViewIfNeeded();
      await shoot(view, `organizer-${viewport.width}`);
    }
  });
});

describe('Rifas → Confianza', () => {
  it('uploads the permit, photos and invoice, refuses a live-stream link that is no web address, and saves them with the raffle', async () => {
    const page = await staffPage(site, site.admin, MOBILE);
    await page.goto(`/admin/raffles/${CURRENT_RAFFLE_ID}/trust`);
    await page.getByRole('heading', { name: 'Página de confianza' }).waitFor();
    await page
      .getByLabel('Referencia del permiso o autorización')
      .fill('Gobernación del Guayas, oficio GG-2026-0142');
    await page
      .getByLabel('Subir archivo: Documento del permiso (PDF o imagen)')
      .setInputFiles({ name: 'permiso.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('link', { name: 'Ver documento (PDF)' }).first().waitFor();
    await page.getByLabel('Subir archivo: Fotos del premio').setInputFiles([
      { name: 'moto-1.png', mimeType: 'image/png', buffer: PNG },
      { name: 'moto-2.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await page.getByRole('img', { name: 'Fotos del premio 2' }).waitFor();
    await page
      .getByLabel('Subir archivo: Factura del premio (PDF o imagen)')
      .setInputFiles({ name: 'factura.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect
      .poll(() => page.getByRole('link', { name: 'Ver documento (PDF)' }).count())
      .toBe(2);
    await page.getByLabel('Enlace de la transmisión en vivo del sorteo').fill('youtube.com/live');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(RAFFLE_TRUST_TEXTS.liveStreamUrlInvalid).waitFor();
    const raffle = () => site.api<StaffRaffle>('GET', `/admin/raffles/${CURRENT_RAFFLE_ID}`);
    expect((await raffle()).trust).toBeUndefined();

    await page
      .getByLabel('Enlace de la transmisión en vivo del sorteo')
      .fill('https://www.youtube.com/@voyaganar/live');
    await page.getByRole('button', { name: 'Quitar: Fotos del premio 2' }).click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect
      .poll(async () => (await raffle()).trust?.liveStreamUrl)
      .toBe('https://www.youtube.com/@voyaganar/live');
    const trust = (await raffle()).trust!;
    expect(trust.permitReference).toBe('Gobernación del Guayas, oficio GG-2026-0142');
    expect(trust.permitDocument).toMatch(/\.pdf$/);
    expect(trust.prizeProofImages).toHaveLength(1);
    expect(trust.prizeInvoice).toMatch(/\.pdf$/);
    expect(await englishOnScreen(page)).toEqual([]);

    for (const viewport of [MOBILE, DESKTOP]) {
      const view = await staffPage(site, site.admin, viewport);
      await view.goto(`/admin/raffles/${CURRENT_RAFFLE_ID}/trust`);
      await view.getByRole('img', { name: 'Fotos del premio 1' }).waitFor();
      await shoot(view, `raffle-trust-${viewport.width}`);
    }
  });

  it('takes a 1 MB photo and says which file is too heavy, and by how much, before uploading it', async () => {
    const page = await staffPage(site, site.admin, MOBILE);
    await page.goto(`/admin/raffles/${CURRENT_RAFFLE_ID}/trust`);
    await page.getByRole('heading', { name: 'Página de confianza' }).waitFor();
    const photos = page.getByLabel('Subir archivo: Fotos del premio');
    await page.getByText(RAFFLE_TRUST_TEXTS.fileLimits).first().waitFor();
    // A PNG with bytes after its end: browsers show it, the server weighs all of it.
    const heavy = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    await photos.setInputFiles({ name: 'moto-grande.png', mimeType: 'image/png', buffer: heavy });
    await page
      .getByText(RAFFLE_TRUST_TEXTS.fileTooLargeNamed('moto-grande.png', heavy.length))
      .waitFor();
    await shoot(page, 'raffle-trust-too-large');

    const before = await page.getByRole('img', { name: /^Fotos del premio \d+$/ }).count();
    const megabyte = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    await photos.setInputFiles({ name: 'moto.png', mimeType: 'image/png', buffer: megabyte });
    await page.getByRole('img', { name: `Fotos del premio ${before + 1}` }).waitFor();
  });
});
