// An admin runs the raffle from the back office, against the real api. Each test signs in
// on its own page and creates the data it needs.
import { readFileSync, statSync } from 'node:fs';
import {
  RAFFLE_TEXTS,
  SALE_TEXTS,
  SERVER,
  TOASTS,
  UI,
  VALIDATION,
  formatDate,
} from '@vag/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createStaff } from '../../api/src/testing/seed';
import {
  completedPurchase,
  createBankTransferOrder,
  dateFieldText,
  englishOnScreen,
  shoot,
  signIn,
  staffAccount,
  staffPage,
  useAdminSite,
  waitUntilReportedPaid,
} from './support';

// Chromium and the api share two cores with every other suite: be patient.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const site = useAdminSite();

const escape = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

describe('an admin in the back office', () => {
  it('signs in from a deep link, sees the success toast and comes back to that page', async () => {
    const page = await site.page();
    await page.goto('/admin/raffles');
    await page.getByLabel('Correo electrónico').waitFor();
    // One redirect to the sign-in screen: 'Atrás' is not stuck on dozens of copies of it.
    expect(await page.evaluate(() => history.length)).toBeLessThanOrEqual(3);
    await signIn(page, site.admin, '/admin/raffles');
    await page.getByText(TOASTS.loginTitle).waitFor();
    await page.getByText(TOASTS.loginDescription).waitFor();
    await page.waitForURL('**/admin/raffles');
    await page.getByRole('heading', { name: 'Rifas', exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('admin_role'))).toBe('admin');
    // Header: avatar with the e-mail's first letter, the e-mail and the role badge.
    const account = page.getByRole('button', { name: 'Abrir menú de cuenta' });
    await account.getByText(site.admin.email).waitFor();
    await account.getByText(site.admin.email.charAt(0).toUpperCase(), { exact: true }).waitFor();
    await account.getByTestId('role-badge').getByText('Administrador').waitFor();
  });

  it("toggles the password's visibility and reads 'Iniciando sesión...' while signing in", async () => {
    const page = await site.page();
    await page.goto('/admin/login');
    await page.getByRole('heading', { name: UI.loginTitle }).waitFor();
    await page.getByText(UI.loginSubtitle).waitFor();
    const password = page.getByLabel('Contraseña', { exact: true });
    await page.getByLabel('Correo electrónico').fill(site.admin.email);
    await password.fill(site.admin.password);
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Mostrar contraseña' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Ocultar contraseña' }).click();
    expect(await password.getAttribute('type')).toBe('password');

    // Hold the real login request until the busy label has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: UI.loginSubmit }).click();
    const busy = page.getByRole('button', { name: UI.loginSubmitting });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.getByRole('heading', { name: 'Sorteo Actual' }).waitFor();
  });

  it('discards a corrupt stored user and keeps working on the token', async () => {
    const page = await staffPage(site);
    await page.evaluate(() => localStorage.setItem('adminUser', '{no es json'));
    await page.reload();
    await page.getByRole('heading', { name: 'Sorteo Actual' }).waitFor();
    await page
      .getByRole('button', { name: 'Abrir menú de cuenta' })
      .getByText(site.admin.email)
      .waitFor();
    expect(await page.evaluate(() => localStorage.getItem('adminUser'))).toBeNull();
  });

  it('refuses wrong credentials with the failure toast and validates the form', async () => {
    const page = await site.page();
    await page.goto('/admin/login');
    await page.getByLabel('Correo electrónico').fill('no-es-correo');
    await page.getByLabel('Contraseña', { exact: true }).fill('123');
    await page.getByRole('button', { name: UI.loginSubmit }).click();
    await page.getByText(VALIDATION.emailInvalidAdmin).waitFor();
    await page.getByText(VALIDATION.passwordMin).waitFor();
    await page.getByLabel('Correo electrónico').fill(site.admin.email);
    await page.getByLabel('Contraseña', { exact: true }).fill('otra-clave');
    await page.getByRole('button', { name: UI.loginSubmit }).click();
    await page.getByText('Credenciales inválidas o error de servidor').waitFor();
    expect(page.url()).toMatch(/\/admin\/login$/);
  });

  it("closes and reopens the sale from the dashboard after confirming, with the 'Estado actualizado' toast", async () => {
    // A pending order keeps the closed sale waiting (with none, its sold list is published
    // at once and it can no longer reopen).
    await createBankTransferOrder(site, { email: `pendiente.${Date.now()}@correo.ec` });
    const page = await staffPage(site);
    await page.getByRole('heading', { name: 'Sorteo Actual' }).waitFor();
    const isActive = async () =>
      (await site.api<{ isActive: boolean }>('GET', '/lottery')).isActive;
    const dialog = page.getByRole('dialog');

    // 'Cancelar' leaves the sale open.
    await page.getByRole('button', { name: SALE_TEXTS.closeSale }).click();
    await dialog.getByRole('heading', { name: `¿${SALE_TEXTS.closeSale}?` }).waitFor();
    await dialog.getByText(UI.cannotParticipate, { exact: false }).waitFor();
    await shoot(page, 'close-sale-confirm');
    expect(await englishOnScreen(page)).toEqual([]);
    await dialog.getByRole('button', { name: UI.cancel }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: SALE_TEXTS.closeSale }).waitFor();
    expect(await isActive()).toBe(true);

    await page.getByRole('button', { name: SALE_TEXTS.closeSale }).click();
    await dialog.getByRole('button', { name: SALE_TEXTS.closeSale }).click();
    await page.getByText(SALE_TEXTS.closed).waitFor();
    await page.getByText(TOASTS.statusUpdatedTitle).first().waitFor();
    expect(await isActive()).toBe(false);

    await page.getByRole('button', { name: SALE_TEXTS.reopenSale }).click();
    await dialog.getByRole('heading', { name: `¿${SALE_TEXTS.reopenSale}?` }).waitFor();
    await dialog.getByRole('button', { name: UI.cancel }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await isActive()).toBe(false);
    await page.getByRole('button', { name: SALE_TEXTS.reopenSale }).click();
    await dialog.getByRole('button', { name: SALE_TEXTS.reopenSale }).click();
    await page.getByText(SALE_TEXTS.opened).waitFor();
    expect(await isActive()).toBe(true);
    expect(await englishOnScreen(page)).toEqual([]);
  });

  it("edits the featured raffle's page (the old Sección Hero address leads there) and sees it saved", async () => {
    const page = await staffPage(site);
    await page.goto('/admin/hero');
    await page.getByRole('tab', { name: 'Página de la rifa', selected: true }).waitFor();
    const name = page.getByLabel('Nombre de la rifa');
    await expect.poll(() => name.inputValue()).not.toBe('');
    await name.fill('Sorteo de Año Nuevo');
    await page.getByLabel('Premio principal').fill('Moto 0 km');

    // The end day: shown dd/mm/aaaa, picked from a Spanish calendar whose weeks start Monday.
    const shown = () => dateFieldText(page, 'Fecha de cierre');
    await expect.poll(shown).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const [, month, year] = (await shown()).split('/').map(Number);
    const target = new Date(year!, month! - 1 + 2, 15);
    const picked = formatDate(
      `${target.getFullYear()}-${String(target.getMonth() + 1).padStart(2, '0')}-15`,
    );
    // The field sits low on the raffle's long page: bring it up first, so that scrolling
    // to the month arrows does not flip the calendar above and below the field.
    await page
      .getByRole('group', { name: 'Fecha de cierre', exact: true })
      .evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.getByRole('button', { name: /^Abrir calendario/ }).click();
    const weekdays = page.getByRole('grid').getByRole('columnheader');
    expect(await weekdays.allTextContents()).toEqual(['lu', 'ma', 'mi', 'ju', 'vi', 'sá', 'do']);
    expect(await weekdays.first().getAttribute('aria-label')).toBe('lunes');
    await page.getByRole('button', { name: 'Mes siguiente' }).click();
    await page.getByRole('button', { name: 'Mes siguiente' }).click();
    const monthName = new Intl.DateTimeFormat('es', { month: 'long' }).format(target);
    const days = page.getByRole('grid', { name: `${monthName} de ${target.getFullYear()}` });
    const fifteenth = days.getByRole('gridcell', { name: '15', exact: true });
    await expect.poll(() => fifteenth.count()).toBe(1); // the months sliding out have gone
    await fifteenth.click();
    await expect.poll(shown).toBe(picked);

    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText(RAFFLE_TEXTS.saved).waitFor();
    const lottery = await site.api<{ name: string; prize: string; endDate: string }>(
      'GET',
      '/lottery',
    );
    expect(lottery).toMatchObject({ name: 'Sorteo de Año Nuevo', prize: 'Moto 0 km' });
    expect(formatDate(lottery.endDate)).toBe(picked);
  });

  it('creates, edits and deletes (in two steps) a package', async () => {
    const page = await staffPage(site);
    await page.goto('/admin/packages');
    await page.getByText(UI.noPackages).waitFor();
    await page.getByRole('link', { name: 'Añadir paquete' }).first().click();
    await page.getByLabel('Nombre').fill('ab');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(VALIDATION.packageNameMin).waitFor();
    await page.getByLabel('Nombre').fill('Paquete Oro');
    await page.getByLabel('Cantidad').fill('20');
    await page.getByLabel('Precio').fill('25');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(TOASTS.packageAdded).waitFor();
    const row = () => page.getByRole('row', { name: /Paquete Oro/ });
    await row().getByText('$25,00').waitFor();

    // 'Actualizar' reloads the table: a package added elsewhere shows up.
    await site.api('POST', '/packages', {
      name: 'Paquete Plata',
      quantity: 10,
      price: 14,
      isPopular: false,
    });
    await page.getByRole('button', { name: UI.refresh }).click();
    await page.getByRole('row', { name: /Paquete Plata/ }).waitFor();

    // The edit screen shows the listed copy at once and fetches the record again: hold
    // that fetch while the admin types and another admin renames the package meanwhile.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const fetchedAgain = page.waitForResponse(
      (r) =>
        r.request().method() === 'GET' && /\/api\/raffles\/[^/]+\/packages\/[^/?]+$/.test(r.url()),
    );
    await page.route(
      (url) => /^\/api\/raffles\/[^/]+\/packages\/[^/]+$/.test(url.pathname),
      async (route) => {
        if (route.request().method() === 'GET') await held;
        await route.continue();
      },
    );
    await row().getByRole('link', { name: 'Editar' }).click();
    await expect.poll(() => page.getByLabel('Precio').inputValue()).toBe('25');
    await page.getByLabel('Precio').fill('22.5');
    const save = page.getByRole('button', { name: 'Guardar' });
    await expect.poll(() => save.isEnabled()).toBe(true);
    const [gold] = (await site.api<{ id: string; name: string }[]>('GET', '/packages')).filter(
      (p) => p.name === 'Paquete Oro',
    );
    await site.api('PUT', `/packages/${gold!.id}`, {
      name: 'Paquete Oro Premium',
      quantity: 20,
      price: 25,
      isPopular: false,
    });
    release();
    await fetchedAgain;

    // The fresh copy brings the new name; the typed price stays, still a change to save.
    await expect.poll(() => page.getByLabel('Nombre').inputValue()).toBe('Paquete Oro Premium');
    expect(await page.getByLabel('Precio').inputValue()).toBe('22.5');
    expect(await save.isEnabled()).toBe(true);
    await save.click();
    await page.getByText(TOASTS.packageUpdated).waitFor();
    await row().getByText('$22,50').waitFor();
    await row().getByText('Paquete Oro Premium').waitFor();

    await row().getByRole('button', { name: 'Eliminar' }).click();
    await row().getByRole('button', { name: UI.cancel }).click();
    await row().getByRole('button', { name: 'Eliminar' }).click();
    await row().getByRole('button', { name: UI.confirm }).click();
    await page.getByText(TOASTS.packageDeleted).waitFor();
    await row().waitFor({ state: 'detached' });
    const left = await site.api<{ name: string }[]>('GET', '/packages');
    expect(left.map((p) => p.name)).toEqual(['Paquete Plata']);
  });

  it('confirms a bank transfer from the purchase history and sees the granted numbers', async () => {
    const email = `ana.${Date.now()}@correo.ec`;
    await createBankTransferOrder(site, { email, quantity: 3 });
    const page = await staffPage(site);
    await page.goto('/admin/purchases');
    await page.getByPlaceholder('Buscar por número, email o revendedor').fill(email);
    const row = () => page.getByRole('row', { name: escape(email) });
    await row().getByText('PENDIENTE').waitFor();
    await page.getByText('Mostrando 1-1 de 1 compras').waitFor();
    await row().getByRole('button', { name: UI.details }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Aún no hay números asignados.').waitFor();
    await dialog.getByRole('button', { name: UI.confirmTransfer }).click();
    await dialog.getByRole('button', { name: UI.confirmTransfer }).click();
    await dialog.getByText(VALIDATION.referenceCodeRequired).waitFor();
    await dialog.getByText(VALIDATION.bankNameRequired).waitFor();
    await dialog.getByRole('button', { name: UI.back }).click();
    await dialog.getByRole('button', { name: UI.confirmTransfer }).click();
    await dialog.getByLabel('Código de referencia').fill('REF-12345');
    await dialog.getByLabel('Banco').fill('Banco Pichincha');
    await dialog.getByRole('button', { name: UI.confirmTransfer }).click();
    await page.getByText(TOASTS.transferConfirmedTitle).waitFor();
    await page.getByText(TOASTS.transferConfirmed(3)).waitFor();
    const grid = dialog.getByTestId('numbers-grid');
    await grid.waitFor();
    expect(await grid.locator('> *').count()).toBe(3);
    await dialog.getByText('REF-12345').waitFor();
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await row().getByText('COMPLETADO').waitFor();
  });

  it('exports the report as PDF and Excel', async () => {
    const id = await completedPurchase(site, { email: `rep.${Date.now()}@correo.ec`, quantity: 2 });
    await waitUntilReportedPaid(site, id);
    const page = await staffPage(site);
    await page.goto('/admin/reports');
    await page.getByRole('button', { name: 'Generar' }).click();
    await page.getByTestId('report-total-tickets').waitFor();
    expect(
      Number(await page.getByTestId('report-total-tickets').textContent()),
    ).toBeGreaterThanOrEqual(2);
    for (const [button, file, magic] of [
      ['PDF', 'reporte.pdf', '%PDF'],
      ['Excel', 'reporte.xlsx', 'PK\u0003\u0004'],
    ] as const) {
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: button, exact: true }).click();
      const done = await download;
      expect(done.suggestedFilename()).toBe(file);
      const saved = await done.path();
      expect(statSync(saved).size).toBeGreaterThan(0);
      expect(readFileSync(saved).subarray(0, 4).toString('latin1')).toBe(magic);
    }
  });

  it('registers a reseller, who then appears among the resellers', async () => {
    const page = await staffPage(site);
    await page.goto('/admin/users');
    const email = `rita.${Date.now()}@voyaganar.ec`;
    await page.getByRole('button', { name: 'Registrar usuario' }).click();
    await page.getByText(VALIDATION.userNameMin).waitFor();
    await page.getByLabel('Nombre').fill('Rita Revendedora');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill('Clave123!');
    await page.getByLabel('Confirmar contraseña', { exact: true }).fill('Otra123!');
    await page.getByRole('button', { name: 'Registrar usuario' }).click();
    await page.getByText(VALIDATION.passwordsDontMatch).waitFor();
    await page.getByLabel('Confirmar contraseña', { exact: true }).fill('Clave123!');
    await page.getByRole('button', { name: 'Registrar usuario' }).click();
    await page.getByText(TOASTS.userCreatedTitle).waitFor();
    await page.getByText(TOASTS.userCreated(email, 'Revendedor')).waitFor();
    await page.getByRole('cell', { name: email }).waitFor();

    await page.goto('/admin/resellers');
    await page.getByRole('row', { name: escape(email) }).waitFor();
  });

  it('signs out to /super and needs to sign in again', async () => {
    // An account of its own: signing out ends its token on the server too, and the site's
    // admin token serves the other tests.
    const page = await staffPage(
      site,
      staffAccount(await createStaff(site.srv.db, { role: 'admin' })),
    );
    await page.getByRole('button', { name: 'Abrir menú de cuenta' }).click();
    await page.getByRole('menuitem', { name: UI.logout }).click();
    await page.waitForURL('**/super');
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
    await page.goto('/admin/packages');
    await page.waitForURL('**/admin/login');
    expect(SERVER.numbersGenerated(1)).toContain('1');
  });
});
