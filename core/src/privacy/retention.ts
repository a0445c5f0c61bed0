// The retention rule (settings.privacy, shown on the privacy notice): the personal data of
// a buyer who did not win is anonymized `retentionMonths` after their raffle's draw, a
// winner's `winnerRetentionMonths` after it (the prize's legal period). A buyer is
// anonymized only once every purchase of theirs is past its term, so a buyer of an
// older raffle who also bought in a newer one keeps their data until the newer one's term.
// A raffle none of whose buyers is left to anonymize is stamped `retentionDoneAt`: later
// passes never read its purchases again (DESIGN, "Queries on a year of data"); each pass
// reads a due raffle's purchases through their raffleId index only.
import { subMonths } from 'date-fns';
import type { Db } from 'mongodb';
import type { CoreDeps, Stoppable } from '../deps';
import { raffleOf } from '../db/by-raffle';
import type { PurchaseDoc } from '../db/purchases';
import { getSettings, type SeedEnv } from '../db/settings';
import { startPeriodicJob } from '../periodic-job';
import { anonymizeBuyer } from './anonymize';
import { recordRetentionReview } from './rights';

const DAY = 86_400_000;

interface DrawnRaffle {
  _id: string;
  draw?: { recordedAt: Date; winnerPurchaseId: string | null };
  /** Every buyer of it is anonymized: retention has nothing left to read in it. */
  retentionDoneAt?: Date;
}

type Terms = { retentionMonths: number; winnerRetentionMonths: number };

const raffles = (db: Db) => db.collection<DrawnRaffle>('raffles');

/** Raffle id → its draw, for every raffle drawn at all (a few raffles: read whole). */
async function drawnRaffles(db: Db): Promise<DrawnRaffle[]> {
  return raffles(db)
    .find({ draw: { $exists: true } }, { projection: { draw: 1, retentionDoneAt: 1 } })
    .toArray();
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
  const drawn = await drawnRaffles(db);
  const draws = new Map(drawn.flatMap((r) => (r.draw ? [[r._id, r.draw] as const] : [])));
  const due = drawn.filter(
    (r) =>
      !r.retentionDoneAt && r.draw && r.draw.recordedAt <= subMonths(now, terms.retentionMonths),
  );
  const purchases = db.collection<PurchaseDoc & { anonymized?: unknown }>('purchases');
  let anonymized = 0;
  for (const raffle of due) {
    // raffleId first: the store searches its index (purchases.ts, raffle_status).
    const emails = await purchases.distinct('buyer.email', {
      raffleId: raffle._id,
      anonymized: { $exists: false },
    });
    let kept = 0;
    for (const email of emails) {
      const own = await purchases
        .find({ 'buyer.email': email }, { projection: { _id: 1, raffleId: 1, anonymized: 1 } })
        .toArray();
      if (own.every((p) => p.anonymized)) continue;
      if (!own.every((p) => pastTerm(p, draws, terms, now))) {
        kept++;
        continue;
      }
      const result = await anonymizeBuyer(db, email, 'retention', { dataDir: env?.DATA_DIR });
      await recordRetentionReview(db, result);
      anonymized++;
    }
    if (kept === 0)
      await raffles(db).updateOne({ _id: raffle._id }, { $set: { retentionDoneAt: now } });
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
