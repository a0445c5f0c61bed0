// 'Cambiar contraseña' from the account menu: the new password works, the old one no
// longer does, and a session opened elsewhere before the change is over.
import { createStaff } from '../../api/src/testing/seed';
import { describe, expect, it, vi } from 'vitest';
import { signIn, staffAccount, staffPage, useAdminSite } from './support';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const site = useAdminSite({ lottery: false });

describe('Cambiar contraseña', () => {
  it('changes the password from the account menu and ends the sessions opened before', async () => {
    const account = staffAccount(await createStaff(site.srv.db, { role: 'reseller' }));
    const { password } = account;
    const elsewhere = await staffPage(site, account);
    const page = await staffPage(site, account);

    await page.getByRole('button', { name: 'Abrir menú de cuenta' }).click();
    await page.getByRole('menuitem', { name: 'Cambiar contraseña' }).click();
    await page.getByRole('heading', { name: 'Cambiar contraseña' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/change-password');
    const save = page.getByRole('button', { name: 'Cambiar contraseña' });

    // The form's own checks, in Spanish, before anything is sent.
    await page.getByLabel('Contraseña actual').fill(password);
    await page.getByLabel('Nueva contraseña', { exact: true }).fill('Nueva456!');
    await page.getByLabel('Confirmar nueva contraseña').fill('Otra456!');
    await save.click();
    await page.getByText('Las contraseñas no coinciden').waitFor();

    // A wrong current password: the api's answer.
    await page.getByLabel('Contraseña actual').fill('no-es-esta');
    await page.getByLabel('Confirmar nueva contraseña').fill('Nueva456!');
    await save.click();
    await page.getByText('La contraseña actual es incorrecta.').first().waitFor();

    await page.getByLabel('Contraseña actual').fill(password);
    await save.click();
    await page.getByText('Contraseña actualizada', { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === '/admin/' || url.pathname === '/admin');

    // This session goes on with the new token; the one opened elsewhere is over.
    await page.reload();
    await page.getByRole('button', { name: 'Abrir menú de cuenta' }).waitFor();
    expect(page.url()).not.toContain('/login');
    await elsewhere.reload();
    await elsewhere.waitForURL('**/admin/login');

    // The new password signs in; the old one is refused.
    const fresh = await site.page();
    await signIn(fresh, { email: account.email, password: 'Nueva456!' });
    const login = await fetch(`${site.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password }),
    });
    expect(login.status).toBe(401);
  });
});
