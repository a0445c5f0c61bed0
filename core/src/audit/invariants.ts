// The sellout audit: reads the document store after a run and checks the invariants of
// DESIGN.md (I1 unique, I2 no oversell, I3 exactly-once) plus the pipeline's end state
// (notifications delivered, no reservation left behind, the reports showing every
// purchase as it is). Each check reports what it saw, so a FAIL says which purchase or
// number broke it.
import { queryReport } from '../db/report-facts';
import { findInvoiceProblems } from './invoices-check';
import type { Db } from 'mongodb';
import type { NumberHoldDoc } from '../db/number-holds';
import { deliveries, type DeliveryDoc } from '../messaging/deliveries';
import { WHATSAPP_PERMANENT_ERRORS } from '@vag/contracts';

export interface InvariantResult {
  id: string;
  title: string;
  ok: boolean;
  /** What was checked (counts), and on failure the first offending records. */
  details: string[];
}

export interface AuditReport {
  ok: boolean;
  results: InvariantResult[];
  stats: { totalNumbers: number; purchases: number; completed: number; assigned: number };
}

export interface AuditOptions {
  raffleId?: string;
  now?: Date;
  /** A reservation may outlive its expiry until the sweeper's next pass. */
  pendingGraceMs?: number;
  /** Collections the audit reads, overridable for the baseline's own store. */
  collections?: { raffles?: string; purchases?: string; claims?: string | null };
  /** False for a store whose pipeline sends no messages (the baseline). */
  notifications?: boolean;
  /** False for a store without the reports' projection (the baseline). */
  reports?: boolean;
}

interface RaffleDoc {
  _id: string;
  totalNumbers?: number;
  numberWidth?: number;
  numbersGenerated?: boolean;
  available?: number;
  reserved?: number;
  sold?: number;
  soldOut?: boolean;
  numberMode?: 'random' | 'pick';
}

interface PurchaseDoc {
  _id: string;
  status: string;
  quantity: number;
  totalPrice?: number;
  assignedNumbers?: string[];
  pickedNumbers?: string[];
  reservation?: { active?: boolean; expiresAt?: Date };
  notifications?: {
    email?: { status?: string };
    sms?: { status?: string; via?: 'whatsapp' | 'sms' };
  };
  messaging?: { channel?: 'whatsapp' | 'sms' };
  failure?: { reason?: string };
}

interface ClaimDoc {
  _id: string;
  start: number;
  count: number;
  purchaseId: string;
}

const DELIVERED = new Set(['sent', 'logged']);
/** Failing records listed per invariant; enough to debug, short enough to read. */
const SHOW = 5;

export async function auditRaffle(db: Db, options: AuditOptions = {}): Promise<AuditReport> {
  const raffleId = options.raffleId ?? 'current';
  const now = options.now ?? new Date();
  const graceMs = options.pendingGraceMs ?? 60_000;
  const names = {
    raffles: options.collections?.raffles ?? 'raffles',
    purchases: options.collections?.purchases ?? 'purchases',
    claims:
      options.collections?.claims === undefined ? 'number_claims' : options.collections.claims,
  };

  const raffle = await db.collection<RaffleDoc>(names.raffles).findOne({ _id: raffleId });
  if (!raffle) throw new Error(`no raffle '${raffleId}' in ${db.databaseName}.${names.raffles}`);
  const total = raffle.totalNumbers ?? 0;
  const width = raffle.numberWidth ?? String(Math.max(total - 1, 0)).length;

  const purchases = await db
    .collection<PurchaseDoc>(names.purchases)
    // Only this raffle's: raffles side by side sell the same numbers 0..N-1 each
    // (PLAN37 "Everything belongs to one raffle"), so another raffle's purchases are
    // neither duplicates of these nor part of these counters.
    .find(
      { raffleId },
      {
        projection: {
          status: 1,
          quantity: 1,
          totalPrice: 1,
          assignedNumbers: 1,
          pickedNumbers: 1,
          reservation: 1,
          notifications: 1,
          messaging: 1,
          'failure.reason': 1,
        },
      },
    )
    .toArray();
  const completed = purchases.filter((p) => p.status === 'COMPLETED');

  const results: InvariantResult[] = [];
  const holders = new Map<string, string>();
  results.push(checkUnique(purchases, holders, total, width));
  results.push(checkNoOversell(raffle, purchases, completed, holders.size));
  results.push(checkExactlyOnce(purchases, completed));
  results.push(checkCounters(raffle, purchases, completed));
  if (raffle.numberMode === 'pick') {
    // Chosen numbers come from the buyers, not from claims on the secret permutation.
    const holds = await db
      .collection<NumberHoldDoc>('number_holds')
      .find({ raffleId }, { projection: { number: 1, state: 1, purchaseId: 1 } })
      .toArray();
    results.push(checkPicks(purchases, completed, holds, width));
  } else {
    const claims = names.claims ? await readClaims(db, names.claims, raffleId) : null;
    if (claims) results.push(checkClaims(claims, completed, total));
  }
  if (options.notifications !== false)
    results.push(checkNotifications(completed, await numbersDeliveries(db, completed)));
  results.push(checkNoStuckPending(purchases, now, graceMs));
  if (options.reports !== false)
    results.push(await checkReports(db, purchases, names.purchases, raffleId));
  const invoiceFindings = await findInvoiceProblems(db, raffleId, purchases);
  if (invoiceFindings)
    results.push(
      result(
        'invoices',
        'one authorized factura per paid purchase; secuenciales 1..n, none twice',
        invoiceFindings.problems,
        invoiceFindings.seen,
      ),
    );

  return {
    ok: results.every((r) => r.ok),
    results,
    stats: {
      totalNumbers: total,
      purchases: purchases.length,
      completed: completed.length,
      assigned: holders.size,
    },
  };
}

/** I1: every number 0..N-1 held by at most one purchase, and well formed. */
function checkUnique(
  purchases: PurchaseDoc[],
  holders: Map<string, string>,
  total: number,
  width: number,
): InvariantResult {
  const problems: string[] = [];
  for (const p of purchases) {
    for (const n of p.assignedNumbers ?? []) {
      const value = Number(n);
      if (!/^\d+$/.test(n) || n.length !== width || value >= total) {
        problems.push(
          `purchase ${p._id} holds '${n}', not a number of 0..${total - 1} with ${width} digits`,
        );
      }
      const other = holders.get(n);
      if (other !== undefined) problems.push(`number ${n} held by ${other} and ${p._id}`);
      else holders.set(n, p._id);
    }
  }
  return result('I1', 'every number assigned at most once', problems, [
    `${holders.size} distinct numbers assigned`,
  ]);
}

/** I2: reserved + sold never above N; when everything is sold, exactly N numbers are out. */
function checkNoOversell(
  raffle: RaffleDoc,
  purchases: PurchaseDoc[],
  completed: PurchaseDoc[],
  assigned: number,
): InvariantResult {
  const total = raffle.totalNumbers ?? 0;
  const reserved = raffle.reserved ?? 0;
  const sold = raffle.sold ?? 0;
  const available = raffle.available ?? 0;
  const problems: string[] = [];
  if (reserved < 0 || sold < 0 || available < 0) {
    problems.push(`negative counter: available ${available}, reserved ${reserved}, sold ${sold}`);
  }
  if (reserved + sold > total) problems.push(`reserved ${reserved} + sold ${sold} > ${total}`);
  if (raffle.numbersGenerated && available + reserved + sold !== total) {
    problems.push(`available ${available} + reserved ${reserved} + sold ${sold} ≠ ${total}`);
  }
  const held = sumQuantity(completed) + sumQuantity(purchases.filter(isHoldingReservation));
  if (held > total) problems.push(`completed + reserved purchases hold ${held} > ${total}`);
  if (assigned > total) problems.push(`${assigned} numbers assigned > ${total}`);
  if (sold === total && assigned !== total) {
    problems.push(`sold out (sold = ${total}) but ${assigned} numbers assigned`);
  }
  // Flagged for refund by the numbers worker: it was paid for numbers that did not exist.
  for (const p of purchases)
    if (p.failure?.reason === 'numbers_exhausted')
      problems.push(`${p.status} ${p._id}: paid for ${p.quantity} numbers that did not exist`);
  return result('I2', 'no oversell; sold out means exactly N assigned', problems, [
    `N ${total}, available ${available}, reserved ${reserved}, sold ${sold}, assigned ${assigned}`,
  ]);
}

/** I3: a COMPLETED purchase holds exactly its quantity, distinct; nothing else holds numbers. */
function checkExactlyOnce(purchases: PurchaseDoc[], completed: PurchaseDoc[]): InvariantResult {
  const problems: string[] = [];
  for (const p of purchases) {
    const numbers = p.assignedNumbers ?? [];
    if (p.status === 'COMPLETED') {
      if (numbers.length !== p.quantity) {
        problems.push(`COMPLETED ${p._id}: quantity ${p.quantity}, holds ${numbers.length}`);
      } else if (new Set(numbers).size !== numbers.length) {
        problems.push(`COMPLETED ${p._id} holds a number twice`);
      }
    } else if (numbers.length > 0) {
      problems.push(`${p.status} ${p._id} holds ${numbers.length} numbers`);
    }
  }
  return result('I3', 'every COMPLETED purchase holds exactly its quantity', problems, [
    `${completed.length} completed purchases checked`,
  ]);
}

/** The raffle's counters agree with the purchases (what the reconciler restores). */
function checkCounters(
  raffle: RaffleDoc,
  purchases: PurchaseDoc[],
  completed: PurchaseDoc[],
): InvariantResult {
  const sold = sumQuantity(completed);
  const reserved = sumQuantity(purchases.filter(isHoldingReservation));
  const problems: string[] = [];
  if ((raffle.sold ?? 0) !== sold)
    problems.push(`raffle.sold ${raffle.sold} ≠ Σ completed quantity ${sold}`);
  if ((raffle.reserved ?? 0) !== reserved) {
    problems.push(`raffle.reserved ${raffle.reserved} ≠ Σ active reservations ${reserved}`);
  }
  return result('counters', 'raffle counters match the purchases', problems, [
    `Σ completed ${sold}, Σ active reservations ${reserved}`,
  ]);
}

/** The allocation claims: disjoint position ranges inside [0, N), one per completed purchase. */
function checkClaims(claims: ClaimDoc[], completed: PurchaseDoc[], total: number): InvariantResult {
  const problems: string[] = [];
  const byPurchase = new Map<string, ClaimDoc[]>();
  let end = 0;
  for (const c of [...claims].sort((a, b) => a.start - b.start)) {
    if (c.start < end)
      problems.push(`claim ${c._id} starts at ${c.start}, inside the previous claim (ends ${end})`);
    if (c.start + c.count > total)
      problems.push(`claim ${c._id} ends at ${c.start + c.count} > ${total}`);
    end = Math.max(end, c.start + c.count);
    byPurchase.set(c.purchaseId, [...(byPurchase.get(c.purchaseId) ?? []), c]);
  }
  for (const p of completed) {
    const own = byPurchase.get(p._id) ?? [];
    const count = own.reduce((sum, c) => sum + c.count, 0);
    if (own.length !== 1 || count !== p.quantity) {
      problems.push(
        `COMPLETED ${p._id} (quantity ${p.quantity}) has ${own.length} claims for ${count} positions`,
      );
    }
  }
  return result('claims', 'allocation claims are disjoint, one per completed purchase', problems, [
    `${claims.length} claims`,
  ]);
}

/** Every completed purchase got its e-mail and its SMS (sent, or logged without a provider). */
/**
 * Pick mode: every paid purchase got exactly the numbers it chose, each of them sold to it
 * in the holds (one document per number: never two holders), and no hold is sold to a
 * purchase that is not paid.
 */
function checkPicks(
  purchases: PurchaseDoc[],
  completed: PurchaseDoc[],
  holds: Array<Pick<NumberHoldDoc, 'number' | 'state' | 'purchaseId'>>,
  width: number,
): InvariantResult {
  const problems: string[] = [];
  const soldTo = new Map<string, string>();
  for (const h of holds)
    if (h.state === 'sold') soldTo.set(String(h.number).padStart(width, '0'), h.purchaseId);
  const status = new Map(purchases.map((p) => [p._id, p.status]));
  for (const p of completed) {
    const chosen = [...(p.pickedNumbers ?? [])].sort().join(',');
    const assigned = p.assignedNumbers ?? [];
    const got = [...assigned].sort().join(',');
    if (assigned.length > 0 && chosen !== got)
      problems.push(`COMPLETED ${p._id} chose ${chosen} but got ${got}`);
    for (const n of assigned)
      if (soldTo.get(n) !== p._id) problems.push(`number ${n} of ${p._id} is not sold to it`);
  }
  for (const [n, owner] of soldTo)
    if (status.get(owner) !== 'COMPLETED') problems.push(`number ${n} sold to unpaid ${owner}`);
  return result('picks', 'chosen numbers: each paid purchase has exactly its own', problems, [
    `${holds.length} held or sold numbers`,
  ]);
}

function checkNotifications(
  completed: PurchaseDoc[],
  sent: Map<string, NumbersDelivery[]>,
): InvariantResult {
  const problems: string[] = [];
  for (const p of completed) {
    for (const channel of ['email', 'sms'] as const) {
      const status = p.notifications?.[channel]?.status;
      if (!status || !DELIVERED.has(status)) {
        problems.push(`COMPLETED ${p._id}: ${channel} ${status ?? 'missing'}`);
      }
    }
  }
  const via = { whatsapp: 0, sms: 0, fallback: 0 };
  for (const p of completed) {
    const outcome = phoneOutcome(p, sent.get(p._id) ?? []);
    if (outcome.problem) problems.push(`COMPLETED ${p._id}: ${outcome.problem}`);
    if (outcome.via) via[outcome.via] += 1;
    if (outcome.fallback) via.fallback += 1;
  }
  return result('notify', 'one e-mail and one phone message per completed purchase', problems, [
    `${completed.length * 2} notifications expected`,
    `phone: ${via.whatsapp} by WhatsApp, ${via.sms} by SMS (${via.fallback} of them WhatsApp's fallback)`,
  ]);
}

type NumbersDelivery = Pick<
  DeliveryDoc,
  '_id' | 'purchaseId' | 'channel' | 'status' | 'errorCode' | 'fallbackSid'
>;

/** The numbers messages Twilio took (message_deliveries), by purchase. */
async function numbersDeliveries(
  db: Db,
  completed: PurchaseDoc[],
): Promise<Map<string, NumbersDelivery[]>> {
  const byPurchase = new Map<string, NumbersDelivery[]>();
  const ids = completed.map((p) => p._id);
  const batch = 1_000;
  for (let i = 0; i < ids.length; i += batch) {
    const rows = await deliveries(db)
      .find(
        { purchaseId: { $in: ids.slice(i, i + batch) }, message: 'numbers' },
        {
          projection: { purchaseId: 1, channel: 1, status: 1, errorCode: 1, fallbackSid: 1 },
        },
      )
      .toArray();
    for (const row of rows)
      byPurchase.set(row.purchaseId!, [...(byPurchase.get(row.purchaseId!) ?? []), row]);
  }
  return byPurchase;
}

/**
 * The numbers message of one paid purchase, on the channel the buyer chose: WhatsApp only
 * for who chose it; SMS for the others, or as WhatsApp's fallback — once, and after a
 * permanent failure only (refused at once: no WhatsApp record; failed later: its record
 * says so and names the SMS).
 */
function phoneOutcome(
  p: PurchaseDoc,
  sent: NumbersDelivery[],
): { via?: 'whatsapp' | 'sms'; fallback?: boolean; problem?: string } {
  const chosen = p.messaging?.channel ?? 'sms';
  const stated = p.notifications?.sms?.via;
  if (stated === 'whatsapp' && chosen !== 'whatsapp')
    return { problem: 'WhatsApp sent to a buyer who chose SMS' };
  // Nothing to count without Twilio ('logged'), nor for a purchase from before the
  // channel choice (no `messaging`): the code of then kept no delivery records.
  const recorded = p.messaging !== undefined || sent.length > 0;
  if (p.notifications?.sms?.status !== 'sent' || !recorded) return stated ? { via: stated } : {};
  const whatsapp = sent.filter((d) => d.channel === 'whatsapp');
  const sms = sent.filter((d) => d.channel === 'sms');
  if (whatsapp.length > 1) return { problem: `${whatsapp.length} WhatsApp numbers messages` };
  if (chosen === 'sms' || whatsapp.length === 0) {
    if (whatsapp.length > 0) return { problem: 'WhatsApp sent to a buyer who chose SMS' };
    if (sms.length !== 1) return { problem: `${sms.length} numbers messages by SMS` };
    return { via: 'sms', fallback: chosen === 'whatsapp' };
  }
  const message = whatsapp[0]!;
  if (!message.fallbackSid) {
    if (sms.length > 0) return { problem: `WhatsApp and ${sms.length} SMS with its numbers` };
    return { via: 'whatsapp' };
  }
  const permanent =
    message.status === 'failed' || message.status === 'undelivered'
      ? WHATSAPP_PERMANENT_ERRORS.has(message.errorCode ?? 0)
      : false;
  if (!permanent)
    return { problem: `SMS fallback after WhatsApp ${message.status} (${message.errorCode})` };
  if (sms.length !== 1 || sms[0]!._id !== message.fallbackSid)
    return { problem: `WhatsApp failed, then ${sms.length} SMS (fallback ${message.fallbackSid})` };
  return { via: 'sms', fallback: true };
}

/** No buyer's reservation stays PENDING past its expiry (plus the sweeper's grace). */
function checkNoStuckPending(
  purchases: PurchaseDoc[],
  now: Date,
  graceMs: number,
): InvariantResult {
  const limit = now.getTime() - graceMs;
  const pending = purchases.filter((p) => p.status === 'PENDING');
  const problems = pending
    .filter((p) => p.reservation?.expiresAt && new Date(p.reservation.expiresAt).getTime() < limit)
    .map((p) => `PENDING ${p._id} expired at ${p.reservation?.expiresAt?.toISOString()}`);
  return result('pending', 'no purchase stuck PENDING past its expiry', problems, [
    `${pending.length} pending purchases`,
  ]);
}

/** The reports list every purchase of the raffle once, with its status, quantity and amount. */
async function checkReports(
  db: Db,
  purchases: PurchaseDoc[],
  purchasesCollection: string,
  raffleId: string,
): Promise<InvariantResult> {
  // Every raffle's rows, less those of the other raffles' purchases: a row that is no
  // purchase at all stays in, and is reported below.
  const others = await otherRafflesPurchaseIds(db, purchasesCollection, raffleId);
  const rows = (await queryReport(db, {})).rows.filter((r) => !others.has(r._id));
  const totals = sumShown(rows);
  const shown = new Map(rows.map((r) => [r._id, r]));
  const problems: string[] = [];
  if (shown.size !== rows.length)
    problems.push(`${rows.length - shown.size} purchases listed twice`);
  for (const p of purchases) {
    const row = shown.get(p._id);
    if (!row) problems.push(`${p.status} ${p._id} missing from the reports`);
    else if (row.status !== p.status || row.quantity !== p.quantity)
      problems.push(
        `${p._id}: reports show ${row.status} × ${row.quantity}, purchase is ${p.status} × ${p.quantity}`,
      );
    shown.delete(p._id);
  }
  for (const id of shown.keys()) problems.push(`reports list ${id}, which is no purchase`);
  // 'Números vendidos' counts paid purchases; pending and expired ones have totals of their own.
  const byStatus = (status: PurchaseDoc['status']) =>
    sumQuantity(purchases.filter((p) => p.status === status));
  const expected = [
    ['paid', totals.totalTickets, byStatus('COMPLETED')],
    ['pending', totals.pendingTickets, byStatus('PENDING')],
    ['expired', totals.expiredTickets, byStatus('EXPIRED')],
  ] as const;
  for (const [label, shownTickets, tickets] of expected)
    if (shownTickets !== tickets)
      problems.push(`reports total ${shownTickets} ${label} numbers, purchases ${tickets}`);
  return result('reports', 'the reports show every purchase as it is', problems, [
    `${rows.length} report rows, ${totals.totalTickets} numbers, $${totals.totalAmount.toFixed(2)}`,
  ]);
}

async function otherRafflesPurchaseIds(
  db: Db,
  collection: string,
  raffleId: string,
): Promise<Set<string>> {
  const rows = await db
    .collection<{ _id: string }>(collection)
    .find({ raffleId: { $ne: raffleId } }, { projection: { _id: 1 } })
    .toArray();
  return new Set(rows.map((r) => r._id));
}

/** The reports' totals of these rows: numbers paid, pending and expired. */
function sumShown(rows: Array<{ status: string; quantity: number; totalPrice: number }>) {
  const tickets = (status: string) =>
    rows.filter((r) => r.status === status).reduce((sum, r) => sum + r.quantity, 0);
  const paid = rows.filter((r) => r.status === 'COMPLETED');
  return {
    totalTickets: tickets('COMPLETED'),
    pendingTickets: tickets('PENDING'),
    expiredTickets: tickets('EXPIRED'),
    totalAmount: paid.reduce((sum, r) => sum + Math.round(r.totalPrice * 100), 0) / 100,
  };
}

async function readClaims(db: Db, name: string, raffleId: string): Promise<ClaimDoc[] | null> {
  const exists = await db.listCollections({ name }, { nameOnly: true }).hasNext();
  if (!exists) return null;
  return db.collection<ClaimDoc>(name).find({ raffleId }).toArray();
}

function isHoldingReservation(p: PurchaseDoc): boolean {
  return p.status === 'PENDING' && p.reservation?.active === true;
}

function sumQuantity(list: PurchaseDoc[]): number {
  return list.reduce((sum, p) => sum + p.quantity, 0);
}

function result(id: string, title: string, problems: string[], seen: string[]): InvariantResult {
  const more = problems.length > SHOW ? [`… and ${problems.length - SHOW} more`] : [];
  return {
    id,
    title,
    ok: problems.length === 0,
    details: [...seen, ...problems.slice(0, SHOW), ...more],
  };
}

export function formatReport(report: AuditReport): string {
  const lines = report.results.map(
    (r) =>
      `${r.ok ? 'PASS' : 'FAIL'}  ${r.id.padEnd(8)} ${r.title}\n${r.details.map((d) => `        ${d}`).join('\n')}`,
  );
  const s = report.stats;
  lines.push(
    `${report.ok ? 'PASS' : 'FAIL'}  audit: N ${s.totalNumbers}, ${s.purchases} purchases, ${s.completed} completed, ${s.assigned} numbers assigned`,
  );
  return lines.join('\n');
}
