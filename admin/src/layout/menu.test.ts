import { describe, expect, it } from 'vitest';
import { canAccess, menuFor } from './menu';

describe('menuFor', () => {
  it('shows a reseller only Inicio, Historial de Compras and Reportes', () => {
    expect(menuFor('reseller').map((e) => e.path)).toEqual(['/', '/purchases', '/reports']);
  });

  it("shows an admin Rifas second and Rifas anteriores after it; a raffle's hero, packages, prizes and draw are reached from the raffle", () => {
    expect(menuFor('admin').map((e) => e.path)).toEqual([
      '/',
      '/raffles',
      '/archive',
      '/audit',
      '/data-requests',
      '/admin-banner-manager',
      '/settings',
      '/users',
      '/resellers',
      '/purchases',
      '/bank-statements',
      '/invoices',
      '/reports',
    ]);
  });

  it('treats a missing or unknown role like a reseller', () => {
    expect(menuFor(null)).toEqual(menuFor('reseller'));
    expect(menuFor('guest')).toEqual(menuFor('reseller'));
  });
});

describe('canAccess', () => {
  it('refuses admin-only screens to a reseller who types their URL', () => {
    for (const name of [
      'hero',
      'packages',
      'prizes',
      'draw',
      'raffles',
      'archive',
      'rifas',
      'audit',
      'data-requests',
      'admin-banner-manager',
      'settings',
      'resellers',
      'bank-statements',
      'invoices',
    ]) {
      expect(canAccess('reseller', name)).toBe(false);
      expect(canAccess('admin', name)).toBe(true);
    }
  });

  it('lets every staff member open purchases, reports and the users page (which shows Acceso Denegado)', () => {
    for (const name of ['purchases', 'reports', 'users', 'dashboard'])
      expect(canAccess('reseller', name)).toBe(true);
  });
});
