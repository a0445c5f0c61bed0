// The retention rule (settings.privacy, shown on the privacy notice): the personal data of
// a buyer who did not win is anonymized `retentionMonths` after their raffle's draw, a
// winner's `winnerRetentionMonths` after it (the prize's legal period). A buyer is
// anonymized only once every purchase of theirs is past its term, so a buyer of an
// older raffle who also bought in a newer one keeps their data until the newer one's term.
import { subMonths } from 'date-fns';
import type { Db } from 'mongodb';
import type { CoreDeps, Stoppable } from '../deps';
import { raffleMatch, raffleOf } from '../db/by-raffle';
import type { PurchaseDoc } from '../db/purchases';
import { getSettings, type SeedEnv } from '../db/settings';
import { startPeriodicJob } from '../periodic-job';
import { anonymizeBuyer } from './anonymize';
import { recordRetentionReview } from './rights';

const DAY = 86_400_000;

interface DrawnRaffle {
  _id: string;
  draw?: { recordedAt: Date; winnerPurchaseId: string | null };
}

type Terms = { retentionMonths: number; winnerRetentionMonths: number };

/** Raffle id → its draw, for every raffle drawn at all. */
async function drawsById(db: Db): Promise<Map<string, NonNullable<DrawnRaffle['draw']>>> {
  const raffles = await db
    .collection<DrawnRaffle>('raffles')
    .find({ draw: { $exists: true } }, { projection: { draw: 1 } })
    .toArray();
  return new Map(raffles.flatMap((r) => (r.draw ? [[r._id, r.draw] as const] : [])));
}

/** Whether a purchase's personal data is past its term at `now`. */
function pastTerm(
  purchase: Pick<PurchaseDoc, '_id' | 'raffleId'>,
  draws: Map<string, NonNullable<DrawnRaffle['draw']>>,
  terms: Terms,
  now: Date,
): boolean {
  const draw = draws.get(raffleOf(purchase));
  if (!draw) return false;
  const won = draw.winnerPurchaseId === purchase._id;
  const months = won ? terms.winnerRetentionMonths : terms.retentionMonths;
  return draw.recordedAt <= subMonths(now, months);
}

/** One pass: anonymizes every buyer all of whose purchases are past their term. */
export async function applyRetention(
  db: Db,
  now = new Date(),
  env?: SeedEnv & { DATA_DIR?: string },
): Promise<number> {
  // With the process's env: a first read creates the settings, seeded from it.
  const terms = (await getSettings(db, env)).privacy;
  const draws = await drawsById(db);
  const due = [...draws].filter(([, d]) => d.recordedAt <= subMonths(now, terms.retentionMonths));
  if (due.length === 0) return 0;
  const purchases = db.collection<PurchaseDoc & { anonymized?: unknown }>('purchases');
  const emails = await purchases.distinct('buyer.email', {
    $or: due.map(([id]) => raffleMatch<PurchaseDoc>(id)),
    anonymized: { $exists: false },
  });
  let anonymized = 0;
  for (const email of emails) {
    const own = await purchases
      .find({ 'buyer.email': email }, { projection: { _id: 1, raffleId: 1 } })
      .toArray();
    if (!own.every((p) => pastTerm(p, draws, terms, now))) continue;
    const result = await anonymizeBuyer(db, email, 'retention', { dataDir: env?.DATA_DIR });
    await recordRetentionReview(db, result);
    anonymized++;
  }
  return anonymized;
}

export async function startRetentionJob(deps: CoreDeps): Promise<Stoppable> {
  const log = deps.log.child({ module: 'privacy-retention' });
  return startPeriodicJob({
    everyMs: DAY,
    pass: async () => {
      const buyers = await applyRetention(deps.db, new Date(), deps.env);
      if (buyers > 0) log.info({ buyers }, 'personal data past its retention anonymized');
    },
    log,
    failure: 'retention pass failed; the next one retries',
  });
}
