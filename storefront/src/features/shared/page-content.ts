// The data a server-rendered page starts from. Inside the api process it comes from the
// process's cache (Astro.locals); under `astro dev` it is read from the proxied api, so
// the pages render the same way there.
import type {
  InstantPrize,
  Package,
  PastRaffle,
  Progress,
  PublicAuditEntry,
  PublicSettings,
  Raffle,
  StorefrontContent,
} from '@vag/contracts';

export async function pageContent(locals: App.Locals, url: URL): Promise<StorefrontContent> {
  if (locals.content) return locals.content();
  return readOverHttp(url.origin);
}

async function readOverHttp(origin: string): Promise<StorefrontContent> {
  const get = <T>(path: string): Promise<T | null> =>
    fetch(`${origin}/api${path}`)
      .then((res) => (res.ok ? (res.json() as Promise<T>) : null))
      .catch(() => null);
  const [raffle, progress, packages, instantPrizes, pastRaffles, settings, audit] =
    await Promise.all([
      get<Raffle>('/lottery'),
      get<Progress>('/raffle/raffle-progress'),
      get<Package[]>('/packages'),
      get<InstantPrize[]>('/raffle/instant-prizes'),
      get<PastRaffle[]>('/past-raffles'),
      get<PublicSettings>('/settings'),
      get<PublicAuditEntry[]>('/raffle/audit'),
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
