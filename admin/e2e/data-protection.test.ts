// Ajustes → Protección de datos: the operator sets the privacy e-mail, the delegate and
// the retention months; the server keeps them, refuses a bad value in Spanish, and the
// privacy notice publishes a new version that says them.
import { SETTINGS_MESSAGES, TOASTS, type PrivacyNotice } from '@vag/contracts';
import { describe, expect, it, vi } from 'vitest';
import { englishOnScreen, shoot, staffPage, useAdminSite } from './support';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const site = useAdminSite({ numbers: false });

const notice = async () =>
  (await (await fetch(`${site.url}/api/privacy-notice`)).json()) as PrivacyNotice;

describe('Protección de datos', () => {
  it('saves the privacy e-mail, the delegate and the retention; the privacy notice gets a new version with them', async () => {
    const before = Number((await notice()).version);
    const page = await staffPage(site, site.admin, { width: 390, height: 844 });
    await page.goto('/admin/settings?seccion=datos');
    const card = page.getByTestId('data-protection');
    await card.getByRole('heading', { name: 'Protección de datos' }).waitFor();
    await card.getByLabel('Correo para temas de datos personales').fill('datos@voyaganar.ec');
    await card.getByLabel('Delegado de protección de datos (nombre)').fill('Lucía Andrade');
    await card.getByLabel('Correo del delegado de protección de datos').fill('dpo@voyaganar.ec');
    await card.getByLabel('Meses que se guardan los datos de quien no ganó').fill('18');
    await page.getByRole('button', { name: 'Guardar Datos personales' }).click();
    await page.getByText(TOASTS.settingsSaved).waitFor();
    await shoot(page, 'data-protection-390');

    const stored = await site.srv.db.collection('settings').findOne({});
    expect(stored?.organizer).toMatchObject({
      privacyEmail: 'datos@voyaganar.ec',
      dpoName: 'Lucía Andrade',
      dpoEmail: 'dpo@voyaganar.ec',
    });
    expect(stored?.privacy).toMatchObject({ retentionMonths: 18 });
    const published = await notice();
    expect(Number(published.version)).toBeGreaterThan(before);
    const text = JSON.stringify(published.sections);
    expect(text).toContain('Delegado de protección de datos: Lucía Andrade (dpo@voyaganar.ec)');
    expect(text).toContain('18 meses después del sorteo');

    // On a phone the toast covers the save button: the screen again, with the saved values.
    await page.reload();
    await card.getByLabel('Delegado de protección de datos (nombre)').waitFor();
    expect(await card.getByLabel('Delegado de protección de datos (nombre)').inputValue()).toBe(
      'Lucía Andrade',
    );
    await card.getByLabel('Correo del delegado de protección de datos').fill('no-es-correo');
    await page.getByRole('button', { name: 'Guardar Datos personales' }).click();
    await page.getByText(SETTINGS_MESSAGES.emailInvalid).first().waitFor();
    expect((await site.srv.db.collection('settings').findOne({}))?.organizer.dpoEmail).toBe(
      'dpo@voyaganar.ec',
    );
    expect(await englishOnScreen(page)).toEqual([]);
  });
});
