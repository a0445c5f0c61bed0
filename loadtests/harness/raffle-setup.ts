// Puts a raffle on sale through the api, the way an admin does it: hero with N numbers,
// active, numbers generated, the packages of the home page, and the bank account the
// transfers are paid to (checkout offers no transfer without one).
import { PURCHASE_LIMIT_DEFAULTS } from '@vag/contracts';
import { TEST_BANK_ACCOUNT } from '@vag/api/testing/server';

export interface SaleSetup {
  totalNumbers: number;
  pricePerNumber: number;
  packages: Array<{ name: string; quantity: number; price: number; isPopular: boolean }>;
}

/** Packages for the small CI raffle: about 22 numbers per buyer, ~45 buyers sell out 1 000. */
export const SMALL_PACKAGES: SaleSetup['packages'] = [
  { name: 'Paquete Básico', quantity: 10, price: 10 },
  { name: 'Paquete Amigo', quantity: 20, price: 20 },
  { name: 'Paquete Popular', quantity: 25, price: 25, isPopular: true },
  { name: 'Paquete Familiar', quantity: 50, price: 50 },
].map((p) => ({ isPopular: false, ...p }));

/** Packages for the 100 000-number benchmark raffle (about 27 numbers per buyer). */
export const LARGE_PACKAGES: SaleSetup['packages'] = [
  { name: 'Paquete Básico', quantity: 5, price: 5 },
  { name: 'Paquete Amigo', quantity: 10, price: 10 },
  { name: 'Paquete Popular', quantity: 20, price: 20, isPopular: true },
  { name: 'Paquete Familiar', quantity: 50, price: 50 },
  { name: 'Paquete Ganador', quantity: 100, price: 100 },
].map((p) => ({ isPopular: false, ...p }));

/** An admin's call to the api: the answer's JSON, or an error naming the call and its answer. */
function adminCall(baseUrl: string, adminToken: string) {
  return async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return res.json() as Promise<unknown>;
  };
}

/** Sets the unpaid ceilings' share of a raffle (off by default; README, "Purchase limits"). */
export async function setUnpaidShare(
  baseUrl: string,
  adminToken: string,
  maxUnpaidPercent: number,
): Promise<void> {
  await adminCall(baseUrl, adminToken)('PUT', '/api/settings/current', {
    purchaseLimits: { ...PURCHASE_LIMIT_DEFAULTS, maxUnpaidPercent },
  });
}

/** Puts the featured raffle (the home's) on sale; its id. */
export async function putRaffleOnSale(
  baseUrl: string,
  adminToken: string,
  setup: SaleSetup,
): Promise<string> {
  const call = adminCall(baseUrl, adminToken);
  await call('PUT', '/api/lottery', {
    name: 'Gran Rifa de Carga',
    prize: 'Camioneta 4x4',
    pricePerNumber: setup.pricePerNumber,
    imageUrl: '',
    endDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    totalNumbers: setup.totalNumbers,
  });
  await call('PATCH', '/api/lottery/is-active', { isActive: true });
  await call('POST', '/api/raffle/generate-raffle-numbers');
  for (const p of setup.packages) await call('POST', '/api/packages', p);
  const settings = (await call('GET', '/api/settings')) as { bankAccounts?: unknown[] };
  if (!settings.bankAccounts?.length)
    await call('PUT', '/api/settings/current', { bankAccounts: [TEST_BANK_ACCOUNT] });
  // An api from before raffles were records (the bench's "before", b844c2f) has no
  // raffle list: its one raffle is 'current'.
  const list = await fetch(`${baseUrl}/api/admin/raffles`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  if (list.status === 404) return 'current';
  if (!list.ok) throw new Error(`GET /api/admin/raffles answered ${list.status}`);
  const raffles = (await list.json()) as Array<{ _id: string; featured: boolean }>;
  const featured = raffles.find((r) => r.featured);
  if (!featured) throw new Error('GET /api/admin/raffles names no featured raffle after the setup');
  return featured._id;
}

/**
 * 'Publicar' on the Rifas screen, for a raffle put on sale the single-raffle way above and
 * still a draft to the raffle list (opening its sale publishes it on the api of today).
 */
export async function publishRaffle(
  baseUrl: string,
  adminToken: string,
  raffleId: string,
): Promise<void> {
  const call = adminCall(baseUrl, adminToken);
  const { status } = (await call('GET', `/api/admin/raffles/${raffleId}`)) as { status: string };
  if (status === 'draft') await call('POST', `/api/admin/raffles/${raffleId}/publish`);
}

/**
 * A second raffle beside the featured one, as the back office's Rifas screen makes it: a
 * draft (POST /api/admin/raffles), its packages, then published; its id. The bank
 * account is the shop's, set by putRaffleOnSale.
 */
export async function putRaffleBesideOnSale(
  baseUrl: string,
  adminToken: string,
  setup: SaleSetup & { name: string; slug: string; numberMode?: 'random' | 'pick' },
): Promise<string> {
  const call = adminCall(baseUrl, adminToken);
  const { _id: id } = (await call('POST', '/api/admin/raffles', {
    name: setup.name,
    slug: setup.slug,
    prize: 'Moto 250 cc',
    imageUrl: '',
    pricePerNumber: setup.pricePerNumber,
    endDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    totalNumbers: setup.totalNumbers,
    ...(setup.numberMode && { numberMode: setup.numberMode }),
  })) as { _id: string };
  for (const p of setup.packages) await call('POST', `/api/raffles/${id}/packages`, p);
  await call('POST', `/api/admin/raffles/${id}/publish`);
  return id;
}
