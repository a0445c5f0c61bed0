// The back-office menu of SPEC §2 and who may open what (SPEC §6): admins everything,
// resellers only Inicio, Historial de Compras and Reportes. The same table drives the menu
// and authProvider.canAccess, so a reseller typing an admin URL is refused too.
// With many raffles, Sección Hero, Paquetes, Premios and Sorteo are each a raffle's own:
// they are reached from the raffle's page in Rifas, so they leave the menu (their old
// addresses lead to the featured raffle's page) but stay admin-only.

export interface MenuEntry {
  /** Resource or custom-route name; also the path under /admin. */
  name: string;
  path: string;
  labelKey: string;
  adminOnly: boolean;
  /** Reached from a raffle's page, not from the menu. */
  hidden?: boolean;
}

export const MENU: readonly MenuEntry[] = [
  { name: 'dashboard', path: '/', labelKey: 'vag.menu.dashboard', adminOnly: false },
  { name: 'raffles', path: '/raffles', labelKey: 'vag.menu.raffles', adminOnly: true },
  { name: 'hero', path: '/hero', labelKey: 'vag.menu.hero', adminOnly: true, hidden: true },
  {
    name: 'packages',
    path: '/packages',
    labelKey: 'vag.menu.packages',
    adminOnly: true,
    hidden: true,
  },
  { name: 'prizes', path: '/prizes', labelKey: 'vag.menu.prizes', adminOnly: true, hidden: true },
  // Beyond SPEC §2: the draw rule and the official result.
  { name: 'draw', path: '/draw', labelKey: 'vag.menu.draw', adminOnly: true, hidden: true },
  // SPEC §2's Rifas Anteriores, now the archive of past raffles.
  { name: 'archive', path: '/archive', labelKey: 'vag.menu.archive', adminOnly: true },
  { name: 'rifas', path: '/rifas', labelKey: 'vag.menu.archive', adminOnly: true, hidden: true },
  // Fairness is published (DESIGN, "The next layer"): the append-only trail of staff actions on the raffles.
  { name: 'audit', path: '/audit', labelKey: 'vag.menu.audit', adminOnly: true },
  // Requests about personal data and their 15-day deadline (LOPDP).
  {
    name: 'data-requests',
    path: '/data-requests',
    labelKey: 'vag.menu.dataRequests',
    adminOnly: true,
  },
  {
    name: 'admin-banner-manager',
    path: '/admin-banner-manager',
    labelKey: 'vag.menu.banners',
    adminOnly: true,
  },
  { name: 'settings', path: '/settings', labelKey: 'vag.menu.settings', adminOnly: true },
  { name: 'users', path: '/users', labelKey: 'vag.menu.users', adminOnly: true },
  { name: 'resellers', path: '/resellers', labelKey: 'vag.menu.resellers', adminOnly: true },
  { name: 'purchases', path: '/purchases', labelKey: 'vag.menu.purchases', adminOnly: false },
  // Pagos → Conciliación: a bank statement lists every buyer's transfer, and resellers see
  // only their own sales (DESIGN, Security), so admins only, as the api decides.
  {
    name: 'bank-statements',
    path: '/bank-statements',
    labelKey: 'vag.menu.bankStatements',
    adminOnly: true,
  },
  // Electronic invoices: every buyer's tax data and the operator's SRI documents, admins only.
  { name: 'invoices', path: '/invoices', labelKey: 'vag.menu.invoices', adminOnly: true },
  { name: 'reports', path: '/reports', labelKey: 'vag.menu.reports', adminOnly: false },
];

/** The menu entries a role sees; without a known role only the shared ones. */
export function menuFor(role: string | null | undefined): MenuEntry[] {
  return MENU.filter((entry) => !entry.hidden && (!entry.adminOnly || role === 'admin'));
}

/**
 * Whether a role may open a screen. Unknown names (react-admin internals) are allowed;
 * the users screen is reachable by everyone because it shows its own 'Acceso Denegado'.
 */
export function canAccess(role: string | null | undefined, name: string | undefined): boolean {
  if (!name || name === 'users') return true;
  const entry = MENU.find((e) => e.name === name);
  if (!entry) return true;
  return !entry.adminOnly || role === 'admin';
}
