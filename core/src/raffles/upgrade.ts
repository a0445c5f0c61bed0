// Start-up upgrade of a store written before there were many raffles (idempotent, so
// every start runs it): the one raffle it held keeps its id 'current' — its purchases,
// claims, audit entries and instant prizes already name it — and gains what a raffle
// record has: a slug from its name, its creation date, 'published' when it ever had
// numbers or sales, and the featured mark. Its packages, stored without a raffle, are read as
// its own where they are read (db/by-raffle.ts): nothing is rewritten. README "Upgrading" says the same to operators.
import { slugFromName } from '@vag/contracts';
import type { Db } from 'mongodb';
import {
  ensureCurrentRaffle,
  featuredRaffleId,
  featureRaffle,
  fillRaffleRecordFields,
  listRaffleDocs,
  type RaffleDoc,
} from '../db/raffle';

export async function upgradeRaffles(db: Db): Promise<void> {
  await ensureCurrentRaffle(db);
  const raffles = await listRaffleDocs(db);
  const slugs = new Set(raffles.flatMap((r) => (r.slug ? [r.slug] : [])));
  for (const raffle of raffles) {
    const fields = missingRecordFields(raffle, slugs);
    if (Object.keys(fields).length > 0) await fillRaffleRecordFields(db, raffle._id, fields);
  }
  if (!raffles.some((r) => r.featured)) {
    const first = await featuredRaffleId(db);
    if (first) await featureRaffle(db, first);
  }
}

function missingRecordFields(raffle: RaffleDoc, slugs: Set<string>): Partial<RaffleDoc> {
  const fields: Partial<RaffleDoc> = {};
  if (!raffle.slug) {
    fields.slug = uniqueSlug(slugFromName(raffle.name ?? '') || 'rifa', slugs);
    slugs.add(fields.slug);
  }
  const since = raffle.updatedAt ?? new Date();
  if (!raffle.createdAt) fields.createdAt = since;
  // A raffle that ever sold or made its numbers was public: it is not a draft.
  const wasPublic = raffle.numbersGenerated || (raffle.sold ?? 0) > 0 || raffle.isActive;
  if (!raffle.publishedAt && wasPublic) fields.publishedAt = since;
  return fields;
}

function uniqueSlug(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
