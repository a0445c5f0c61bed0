// The audit trail (`audit_log`, DESIGN "The next layer"): staff actions that affect a raffle, appended
// where they happen. Append-only: this module offers no update nor delete, and no api
// route changes an entry. An action may instead save its entry in its own write (the
// raffle's `pendingAudit`); `relayPendingAudit` copies such entries here, once each.
import { randomUUID } from 'node:crypto';
import {
  AUDIT_SCOPES,
  AUDIT_SYSTEM_ACTOR,
  type AuditAction,
  type AuditEntry,
  type PublicAuditEntry,
} from '@vag/contracts';
import { MongoBulkWriteError, type Db } from 'mongodb';
import type { AuditDoc } from './audit-doc';
import { dropPendingAudit, getRaffleFairness } from './raffle-fairness';
import { CURRENT_RAFFLE_ID } from './raffle-numbers';
import { pageAcrossRaffles } from './across-raffles';
import { FIRST_RAFFLE_ID } from './by-raffle';
import { listRaffleIds } from './raffle';

/** Who acted: a staff member, or the system (the closing job). */
export type AuditActor = { id: string; email: string } | 'sistema';

const log = (db: Db) => db.collection<AuditDoc>('audit_log');

export async function ensureAuditLogIndexes(db: Db): Promise<void> {
  await log(db).createIndex({ at: -1 });
  await log(db).createIndex({ scope: 1, raffleRef: 1, at: -1 });
  // The trail of one raffle, and a buyer's entries in their data export, search their own
  // entries (DESIGN, "Reading a year").
  await log(db).createIndex({ raffleId: 1, at: -1 }, { name: 'raffle_at' });
  await log(db).createIndex({ purchaseId: 1 }, { name: 'purchase' });
}

/**
 * Appends one entry. The raffle is named by its commitment's public reference as it is
 * now (the current raffle's document is reused by the next raffle).
 */
export interface AuditInput {
  actor: AuditActor;
  action: AuditAction;
  description: string;
  purchaseId?: string;
  raffleId?: string;
  /** The raffle's reference when the action took its commitment away (deleting numbers). */
  raffleRef?: string | null;
}

/** The stored entry of an action done `at`, naming its raffle by `raffleRef`. */
export function auditDoc(
  entry: AuditInput & { raffleRef: string | null },
  at = new Date(),
): AuditDoc {
  return {
    _id: randomUUID(),
    at,
    actor: entry.actor === 'sistema' ? AUDIT_SYSTEM_ACTOR : entry.actor.email,
    actorId: entry.actor === 'sistema' ? null : entry.actor.id,
    action: entry.action,
    description: entry.description,
    scope: AUDIT_SCOPES[entry.action],
    raffleId: entry.raffleId ?? CURRENT_RAFFLE_ID,
    raffleRef: entry.raffleRef,
    purchaseId: entry.purchaseId ?? null,
  };
}

export async function appendAudit(db: Db, entry: AuditInput): Promise<void> {
  const raffleId = entry.raffleId ?? CURRENT_RAFFLE_ID;
  const raffleRef =
    entry.raffleRef !== undefined
      ? entry.raffleRef
      : ((await getRaffleFairness(db, raffleId)).commitment?.raffleRef ?? null);
  await log(db).insertOne(auditDoc({ ...entry, raffleId, raffleRef }));
}

/**
 * Appends entries whose ids the caller derives from what they record (a bank line), so a
 * step repeated after a crash adds nothing: an id already in the log is skipped.
 */
export async function appendAuditEntriesOnce(db: Db, entries: readonly AuditDoc[]): Promise<void> {
  if (entries.length === 0) return;
  try {
    await log(db).insertMany([...entries], { ordered: false });
  } catch (error) {
    const errors =
      error instanceof MongoBulkWriteError
        ? Array.isArray(error.writeErrors)
          ? error.writeErrors
          : [error.writeErrors]
        : [];
    if (errors.length === 0 || !errors.every((e) => e.code === 11000)) throw error;
  }
}

/**
 * Copies entries an action saved on the raffle into the log and takes them off the
 * raffle. Each keeps its id, so a copy repeated after a crash adds nothing.
 */
export async function relayPendingAudit(
  db: Db,
  pending: readonly AuditDoc[],
  raffleId = CURRENT_RAFFLE_ID,
): Promise<void> {
  if (pending.length === 0) return;
  try {
    await log(db).insertMany([...pending], { ordered: false });
  } catch (error) {
    const copiedBefore =
      error instanceof MongoBulkWriteError &&
      (Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors]).every(
        (e) => e.code === 11000,
      );
    if (!copiedBefore) throw error;
  }
  await dropPendingAudit(db, pending, raffleId);
}

async function oneRafflePage(
  db: Db,
  page: { skip: number; limit: number; raffleId: string },
): Promise<{ docs: AuditDoc[]; total: number }> {
  const query = { raffleId: page.raffleId };
  const [docs, total] = await Promise.all([
    log(db).find(query).sort({ at: -1, _id: 1 }).skip(page.skip).limit(page.limit).toArray(),
    log(db).countDocuments(query),
  ]);
  return { docs, total };
}

/**
 * Every raffle's entries ("todas"), raffle by raffle through `raffle_at` (across-raffles.ts):
 * each entry names its raffle (auditDoc), and raffles are never deleted.
 */
async function everyRafflePage(
  db: Db,
  page: { skip: number; limit: number },
): Promise<{ docs: AuditDoc[]; total: number }> {
  const raffles = [...new Set([FIRST_RAFFLE_ID, ...(await listRaffleIds(db))])];
  const { items, total } = await pageAcrossRaffles(log(db), raffles, {
    filterOf: (raffleId) => ({ raffleId: raffleId as string }),
    sort: { field: 'at', order: -1 },
    idOrder: 1,
    ...page,
  });
  return { docs: items, total };
}

/** Newest first, a page at a time (staff's list). */
export async function listAudit(
  db: Db,
  page: { skip: number; limit: number; raffleId?: string | undefined },
): Promise<{ entries: AuditEntry[]; total: number }> {
  const { docs, total } = page.raffleId
    ? await oneRafflePage(db, { ...page, raffleId: page.raffleId })
    : await everyRafflePage(db, page);
  return {
    total,
    entries: docs.map(({ _id, at, ...rest }) => ({ id: _id, at: at.toISOString(), ...rest })),
  };
}

/**
 * A raffle's public entries, newest first: the raffle-level ones, without who acted
 * (only whether it was staff or the system).
 */
export async function listPublicAudit(
  db: Db,
  raffleRef: string | null,
  limit = 500,
): Promise<PublicAuditEntry[]> {
  const docs = await log(db)
    .find({ scope: 'raffle', raffleRef })
    .sort({ at: -1, _id: 1 })
    .limit(limit)
    .toArray();
  return docs.map((d) => ({
    at: d.at.toISOString(),
    actor: d.actor === AUDIT_SYSTEM_ACTOR ? 'sistema' : 'equipo',
    action: d.action,
    description: d.description,
  }));
}
