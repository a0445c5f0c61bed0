// The staff session as its owner meets it: 'Salir' ends the session on the server (a
// copy of the token stops working), and a sign-in after failed attempts on the account
// tells the owner of them.
import { SERVER, UI } from '@vag/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createStaff } from '../../api/src/testing/seed';
import { DESKTOP, MOBILE, shoot, signIn, staffAccount, staffPage, useAdminSite } from './support';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const site = useAdminSite({ lottery: false });

const me = (token: string) =>
  fetch(`${site.url}/api/admin/me`, { headers: { authorization: `Bearer ${token}` } });

describe('Salir', () => {
  it.each([
    ['1366 px', DESKTOP],
    ['390 px', MOBILE],
  ])(
    'at %s ends the session on the server: a copied token answers 401 afterwards',
    async (label, viewport) => {
      const account = staffAccount(await createStaff(site.srv.db, { role: 'admin' }));
      const page = await staffPage(site, account, viewport);
      await page.getByRole('button', { name: 'Abrir menú de cuenta' }).click();
      await shoot(page, `logout-menu-${label.replace(' ', '')}`);
      expect((await me(account.token)).status).toBe(200);

      await page.getByRole('menuitem', { name: UI.logout }).click();
      await page.waitForURL('**/super');

      const copied = await me(account.token);
      expect(copied.status).toBe(401);
      expect(await copied.json()).toEqual({ msg: SERVER.invalidToken });
    },
  );
});

describe('sign-in after failed attempts', () => {
  it('tells the owner how many attempts failed since the last session', async () => {
    const account = staffAccount(await createStaff(site.srv.db, { role: 'admin' }));
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${site.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: 'no-es-esta' }),
      });
      expect(res.status).toBe(401);
    }
    const page = await site.page(MOBILE);
    await signIn(page, account);
    await page.getByText('Intentos fallidos en tu cuenta').waitFor();
    await shoot(page, 'failed-attempts-390px');
    await page.getByText(/2 intento\(s\) fallido\(s\) de inicio de sesión/).waitFor();
  });
});

describe('sign-in from a locked address', () => {
  it('says why it is refused, not only that the credentials failed', async () => {
    const account = staffAccount(await createStaff(site.srv.db, { role: 'admin' }));
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${site.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: 'no-es-esta' }),
      });
      expect(res.status).toBe(401);
    }
    const page = await site.page(DESKTOP);
    await page.goto('/admin/login');
    await page.getByLabel('Correo electrónico').fill(account.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: UI.loginSubmit }).click();
    await page.getByText(SERVER.accountLocked).waitFor();
    await shoot(page, 'login-locked-1366px');
  });
});
