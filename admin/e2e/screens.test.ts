// Every admin screen at desktop and mobile width: a screenshot for the artifacts
// (test-artifacts/screenshots/admin-*.png) and no English react-admin text on it.
import { TOASTS, UI } from '@vag/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  completedPurchase,
  createBankTransferOrder,
  DESKTOP,
  englishOnScreen,
  MOBILE,
  shoot,
  signIn,
  spaGoto,
  staffPage,
  useAdminSite,
} from './support';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 180_000 });

const site = useAdminSite();

beforeAll(async () => {
  await site.api('POST', '/raffle/assign-random-prizes', {
    prizes: [{ amount: 100 }, { amount: 25 }],
  });
  for (const input of [
    { name: 'Básico', quantity: 5, price: 7.5, isPopular: false },
    { name: 'Popular', quantity: 10, price: 12, isPopular: true },
  ]) {
    await site.api('POST', '/packages', input);
  }
  await site.api('POST', '/past-raffles', {
    activityName: 'Rifa de Navidad 2025',
    date: '2025-12-24',
    prize: 'Televisor 65"',
    winner: 'María López',
    image: 'https://example.com/premio.jpg',
    instagramPostUrl: 'https://www.instagram.com/p/abc123/',
  });
  await completedPurchase(site, {
    email: `carlos.${Date.now()}@correo.ec`,
    quantity: 4,
    resellerCode: site.reseller.code,
    firstName: 'Carlos',
  });
  await createBankTransferOrder(site, {
    email: `lucia.${Date.now()}@correo.ec`,
    quantity: 2,
    firstName: 'Lucía',
  });
});

/** Route, what shows it is rendered, screenshot name. */
const ADMIN_SCREENS: [string, string, string][] = [
  ['/admin/', 'Guía Rápida', 'dashboard'],
  ['/admin/raffles', 'Principal', 'raffles'],
  ['/admin/raffles/create', 'Crear borrador', 'raffle-create'],
  // The old one-raffle addresses open the featured raffle's page and its tabs.
  ['/admin/hero', 'Página de la rifa', 'hero'],
  ['/admin/packages', 'Popular', 'packages'],
  ['/admin/packages/create', 'Guardar', 'package-create'],
  ['/admin/prizes', 'Consultar Premios', 'prizes'],
  ['/admin/draw', 'Compromiso publicado', 'draw'],
  ['/admin/archive', 'Rifa de Navidad 2025', 'archive'],
  ['/admin/archive/create', 'Nombre de la actividad', 'archive-create'],
  ['/admin/audit', 'Se generaron', 'audit'],
  ['/admin/admin-banner-manager', 'Banner animado (GIF)', 'banners'],
  ['/admin/settings', 'Redes Sociales', 'settings'],
  ['/admin/users', 'Gestión de Usuarios', 'users'],
  ['/admin/resellers', 'Activo', 'resellers'],
  ['/admin/purchases', 'Mostrando 1-2 de 2 compras', 'purchases'],
  ['/admin/reports', 'Fecha de inicio', 'reports'],
];

async function visit(
  page: Page,
  screens: [string, string, string][],
  prefix: string,
  width: string,
) {
  const english: Record<string, string[]> = {};
  for (const [path, marker, name] of screens) {
    await spaGoto(page, path);
    await page.getByText(marker).filter({ visible: true }).first().waitFor();
    await page.waitForLoadState('networkidle');
    // A screen is finished when its cards have their data, not their loading skeletons.
    await page.locator('.MuiSkeleton-root').first().waitFor({ state: 'detached' });
    await shoot(page, `${prefix}${name}-${width}`);
    const found = await englishOnScreen(page);
    if (found.length) english[path] = found;
  }
  return english;
}

describe('admin screens', () => {
  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    it(`render in Spanish only at ${width} width`, async () => {
      const login = await site.page(viewport);
      await login.goto('/admin/login');
      await login.getByRole('button', { name: UI.loginSubmit }).waitFor();
      await shoot(login, `login-${width}`);
      expect(await englishOnScreen(login)).toEqual([]);

      const page = await site.page(viewport);
      await signIn(page, site.admin);
      await page.getByText(TOASTS.loginTitle).waitFor({ state: 'detached' });
      expect(await visit(page, ADMIN_SCREENS, '', width)).toEqual({});

      await spaGoto(page, '/admin/purchases');
      await page.getByRole('button', { name: UI.details }).first().click();
      await page
        .getByRole('dialog')
        .getByRole('heading', { name: /Números asignados/ })
        .waitFor();
      await shoot(page, `purchase-details-${width}`);
      expect(await englishOnScreen(page)).toEqual([]);
      await page.keyboard.press('Escape');

      // The Spanish calendar of the date fields (weeks from Monday).
      await spaGoto(page, '/admin/reports');
      await page
        .getByRole('button', { name: /^Abrir calendario/ })
        .first()
        .click();
      await page.getByRole('grid').getByRole('columnheader', { name: 'lunes' }).waitFor();
      await shoot(page, `date-picker-${width}`);
      expect(await englishOnScreen(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('grid').waitFor({ state: 'detached' });

      if (width === 'mobile') {
        await page.getByRole('button', { name: 'Abrir menú' }).first().click();
        await page.getByRole('menuitem', { name: 'Revendedores' }).waitFor();
        await shoot(page, 'menu-mobile');
        expect(await englishOnScreen(page)).toEqual([]);
      }
    });
  }

  it('render the reseller view in Spanish only', async () => {
    const page = await staffPage(site, site.reseller);
    const english = await visit(
      page,
      [
        ['/admin/', 'Guía del Revendedor', 'dashboard'],
        ['/admin/purchases', 'Mostrando 1-1 de 1 compras', 'purchases'],
        ['/admin/reports', 'Fecha de inicio', 'reports'],
        ['/admin/users', 'Acceso Denegado', 'users'],
      ],
      'reseller-',
      'desktop',
    );
    expect(english).toEqual({});
  });
});
