// Puts a raffle on sale through the api, the way an admin does it: hero with N numbers,
// active, numbers generated, the packages of the home page, and the bank account the
// transfers are paid to (checkout offers no transfer without one).
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

export async function putRaffleOnSale(
  baseUrl: string,
  adminToken: string,
  setup: SaleSetup,
): Promise<void> {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return res.json() as Promise<unknown>;
  };
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
}
