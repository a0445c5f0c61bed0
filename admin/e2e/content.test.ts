// The admin's content screens against the real api: settings with masked secrets, past
// raffles, resellers (inline edit, two-step delete) and the banner slots.
import { ERRORS, SERVER, TOASTS, UI, VALIDATION } from '@vag/contracts';
import { describe, expect, it, vi } from 'vitest';
import { englishOnScreen, staffPage, typeDate, useAdminSite } from './support';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const site = useAdminSite({ numbers: false });

describe('content screens', () => {
  it('saves settings and shows payment secrets masked, keeping them when sent back masked', async () => {
    const page = await staffPage(site);
    await page.goto('/admin/settings');
    await page.getByLabel('Correo electrónico').fill('contacto@voyaganar.ec');
    await page.getByLabel('Facebook').fill('https://facebook.com/voyaganar');
    await page.getByRole('button', { name: 'Guardar General' }).click();
    await page.getByText(TOASTS.settingsSaved).waitFor();

    await page.getByRole('tab', { name: 'Pagos' }).click();
    await page.getByRole('button', { name: 'Mostrar claves' }).click();
    await page.getByLabel('Stripe: clave secreta').fill('sk_test_abcdef123456789');
    await page.getByRole('button', { name: 'Ocultar claves' }).click();
    await page.getByLabel('Stripe: clave secreta').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Guardar Pagos' }).click();
    await page.getByText(TOASTS.settingsSaved).last().waitFor();

    await page.reload();
    await page.getByRole('button', { name: 'Mostrar claves' }).click();
    const secret = page.getByLabel('Stripe: clave secreta');
    await expect.poll(() => secret.inputValue()).toMatch(/^•+/);
    expect(await secret.inputValue()).not.toContain('sk_test');
    await page.getByRole('tab', { name: 'General' }).click();
    await expect
      .poll(() => page.getByLabel('Facebook').inputValue())
      .toBe('https://facebook.com/voyaganar');
    await page.getByLabel('Número de contacto').fill('0991234567');
    await page.getByRole('button', { name: 'Guardar General' }).click();
    await page.getByText(TOASTS.settingsSaved).first().waitFor();
    const stored = await site.srv.db.collection('settings').findOne({});
    expect(JSON.stringify(stored)).toContain('sk_test_abcdef123456789');
    expect(await englishOnScreen(page)).toEqual([]);
  });

  it('creates, edits and deletes a past raffle, refusing bad URLs', async () => {
    const page = await staffPage(site);
    await page.goto('/admin/archive');
    await page.getByText(UI.noPastRaffles).waitFor();
    await page.getByRole('link', { name: 'Registrar rifa anterior' }).click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(VALIDATION.activityNameRequired).waitFor();
    await page.getByLabel('Nombre de la actividad').fill('Rifa del Día de la Madre');
    await typeDate(page, 'Fecha', '10/05/2026');
    await page.getByLabel('Premio').fill('Refrigeradora');
    await page.getByLabel('Ganador').fill('Rosa Andrade');
    await page.getByLabel('URL de la imagen').fill('no-es-url');
    await page
      .getByLabel('URL de la publicación de Instagram')
      .fill('https://www.instagram.com/p/xyz/');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(VALIDATION.urlInvalid).waitFor();
    await page.getByLabel('URL de la imagen').fill('https://example.com/refri.jpg');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Rifa del Día de la Madre').waitFor();
    await page.getByText('10/05/2026').waitFor();

    await page.getByRole('link', { name: 'Editar' }).click();
    await expect.poll(() => page.getByLabel('Ganador').inputValue()).toBe('Rosa Andrade');
    await page.getByLabel('Ganador').fill('Rosa María Andrade');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Ganador: Rosa María Andrade').waitFor();

    await page.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('button', { name: UI.confirm }).click();
    await page.getByText(UI.noPastRaffles).waitFor();
    expect(ERRORS.pastRaffleDelete).toBeTruthy();
  });

  it('searches resellers, copies a code, edits one inline and deletes it in two steps', async () => {
    const other = await site.api<{ user: { email: string } }>('POST', '/admin/register', {
      name: 'Pedro Vendedor',
      email: `pedro.${Date.now()}@voyaganar.ec`,
      password: 'Clave123!',
      role: 'reseller',
    });
    const page = await staffPage(site);
    await page.goto('/admin/resellers');
    await page.getByPlaceholder('Buscar por nombre o email').fill('Pedro');
    const row = () => page.getByRole('row', { name: /Pedro/ });
    await row().waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await row().getByRole('button', { name: 'Copiar código' }).click();
    await page.getByText(TOASTS.copied).waitFor();

    await row().getByRole('button', { name: 'Editar' }).click();
    await page
      .getByRole('table')
      .getByLabel('Nombre', { exact: true })
      .fill('Pedro Pablo Vendedor');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await row().getByText('Pedro Vendedor').waitFor();
    await row().getByRole('button', { name: 'Editar' }).click();
    await page
      .getByRole('table')
      .getByLabel('Nombre', { exact: true })
      .fill('Pedro Pablo Vendedor');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page
      .getByRole('row', { name: /Pedro Pablo Vendedor/ })
      .getByText(other.user.email)
      .waitFor();

    await row().getByRole('button', { name: 'Eliminar' }).click();
    await row().getByRole('button', { name: UI.confirm }).click();
    await page.getByText('No hay revendedores registrados.').waitFor();
  });

  it('uploads and deletes the banner, refusing a file of the wrong type', async () => {
    const page = await staffPage(site);
    await page.goto('/admin/admin-banner-manager');
    const upload = page.getByLabel('Subir archivo banner.gif');
    await upload.setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText(ERRORS.mediaUpload).waitFor();
    await page.getByText(SERVER.mediaTypeBanner).waitFor();

    await upload.setInputFiles({ name: 'banner.gif', mimeType: 'image/gif', buffer: GIF });
    await page.getByText(TOASTS.mediaUpdated).waitFor();
    const preview = page.getByRole('img', { name: 'Banner animado (GIF)' });
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    expect((await fetch(`${site.url}/media/banner.gif`)).status).toBe(200);

    const card = page.locator('.MuiCard-root', { hasText: 'banner.gif' });
    await card.getByRole('button', { name: 'Eliminar' }).click();
    await page.getByText('¿Seguro que desea eliminar banner.gif?').waitFor();
    await page.getByRole('button', { name: UI.confirm }).click();
    await page.getByText(TOASTS.mediaDeleted).waitFor();
    await card.getByText('Sin archivo').waitFor();
    expect((await fetch(`${site.url}/media/banner.gif`)).status).toBe(404);
  });
});
