// Which raffle a page's islands read and buy in. The home speaks for the featured raffle
// with the SPEC §7 paths as they are; a raffle's own page (`/rifas/<slug>`) and its
// checkout (`/checkout?rifa=<slug>`) speak for that raffle through `/api/raffles/<slug>/…`.
import { raffleApiBase } from '@vag/contracts';

/** The raffle a page speaks for: its slug, or null for the featured raffle. */
export type RaffleRef = string | null;

/** The query parameter naming the raffle on /checkout and /verificar. */
export const RAFFLE_PARAM = 'rifa';

/** A SPEC §7 path (relative to /api) for the raffle `ref`: '/packages' → '/raffles/b/packages'. */
export function scopedPath(ref: RaffleRef | undefined, path: string): string {
  return ref ? `${raffleApiBase(ref).replace(/^\/api/, '')}${path}` : path;
}

/** The same, as an absolute path on the site ('/api/raffles/b/raffle/raffle-progress'). */
export function scopedApiUrl(ref: RaffleRef | undefined, path: string): string {
  return `/api${scopedPath(ref, path)}`;
}

/** The raffle of `?rifa=<slug>`, or null (the featured raffle). */
export function raffleFromQuery(search: string): RaffleRef {
  const slug = new URLSearchParams(search).get(RAFFLE_PARAM)?.trim().toLowerCase();
  return slug ? slug : null;
}

/** `/checkout`, carrying the raffle when it is not the featured one. */
export function checkoutHref(ref: RaffleRef | undefined): string {
  return ref ? `/checkout?${RAFFLE_PARAM}=${encodeURIComponent(ref)}` : '/checkout';
}

/** The verifier, for a raffle and with numbers filled in (the ticket's QR, a drawn raffle). */
export function verifierHref(ref: RaffleRef | undefined, numbers: readonly string[] = []): string {
  const params = new URLSearchParams();
  if (ref) params.set(RAFFLE_PARAM, ref);
  if (numbers.length > 0) params.set('n', numbers.join(','));
  const query = params.toString().replace(/%2C/g, ',');
  return query ? `/verificar?${query}` : '/verificar';
}

/** The key of a shared query for one raffle: 'packages', or 'packages@rifa-express'. */
export function scopedKey(ref: RaffleRef | undefined, key: string): string {
  return ref ? `${key}@${ref}` : key;
}
