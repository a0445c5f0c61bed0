// The data a server-rendered page starts from. Inside the api process it comes from the
// process's cache (Astro.locals); under `astro dev` it is read from the proxied api, so
// the pages render the same way there. Content is per raffle: without one, the featured
// raffle's (the home's), as every SPEC §7 call without a raffle answers.
import {
  raffleApiBase,
  type PublicInstantPrize,
  type Package,
  type PastRaffle,
  type Progress,
  type PublicAuditEntry,
  type PublicSettings,
  type Raffle,
  type RaffleSummary,
  type StorefrontContent,
} from '@vag/contracts';

/** The featured raffle's content (home, /sorteos, /terminos...). */
export async function pageContent(locals: App.Locals, url: URL): Promise<StorefrontContent> {
  if (locals.content) return locals.content();
  return readOverHttp(url.origin, null);
}

/**
 * One raffle's content by its slug (its page, `/rifas/<slug>`, and its trust page), or
 * null when no raffle a buyer may open has that slug. A drawn or archived raffle is one:
 * its page stays, read-only, where its tickets and messages link (SPEC, "Many raffles");
 * a draft is not.
 */
export async function raffleContent(
  locals: App.Locals,
  url: URL,
  slug: string,
): Promise<{ content: StorefrontContent; summary: RaffleSummary } | null> {
  const summary = locals.raffle
    ? await locals.raffle(slug)
    : await getJson<RaffleSummary>(url.origin, `/api/raffles/${encodeURIComponent(slug)}`);
  if (!summary || summary.slug !== slug) return null;
  const content = locals.content
    ? await locals.content(summary._id)
    : await readOverHttp(url.origin, summary._id);
  return { content, summary };
}

/** The raffles a buyer can open (en venta, venta cerrada, sorteada), featured first. */
export async function publicRaffles(locals: App.Locals, url: URL): Promise<RaffleSummary[]> {
  if (locals.raffles) return locals.raffles();
  return (await getJson<RaffleSummary[]>(url.origin, '/api/raffles')) ?? [];
}

function getJson<T>(origin: string, path: string): Promise<T | null> {
  return fetch(`${origin}${path}`)
    .then((res) => (res.ok ? (res.json() as Promise<T>) : null))
    .catch(() => null);
}

async function readOverHttp(origin: string, raffleId: string | null): Promise<StorefrontContent> {
  const base = raffleId ? raffleApiBase(raffleId) : '/api';
  const get = <T>(path: string): Promise<T | null> => getJson<T>(origin, path);
  const [raffle, progress, packages, instantPrizes, pastRaffles, settings, audit] =
    await Promise.all([
      get<Raffle>(`${base}/lottery`),
      get<Progress>(`${base}/raffle/raffle-progress`),
      get<Package[]>(`${base}/packages`),
      get<PublicInstantPrize[]>(`${base}/raffle/instant-prizes`),
      get<PastRaffle[]>('/api/past-raffles'),
      get<PublicSettings>('/api/settings'),
      get<PublicAuditEntry[]>(`${base}/raffle/audit`),
    ]);
  return {
    raffle,
    progress,
    packages,
    instantPrizes,
    pastRaffles,
    settings,
    // Outside the api process (astro dev) the pages go without the rule in words.
    drawRule: null,
    audit,
    media: {},
    publicUrl: origin,
  };
}
