// No scan on a sale path or in a periodic job (DESIGN, "Queries on a year of data"): every
// query the product sends while it sells (create-order, payment, numbers, messages) and
// in one pass of each job that repeats (relay, sweeper, reconciler, reminders, receipt
// clean-up, notification re-send, retention, the PayPal follow-up, PayPhone re-checks,
// sale closing, rate-limit sweep, the reports' catch-up) and behind the screens staff keep
// open during a sale (Reportes of the raffle on sale, the Rifas list with its revenue) is
// answered from an index, and none reads an archived raffle's purchases or report facts. The driver's command monitor
// records every filter the product sent; each is asked again through `explain`, whose
// plan is SQLite's own (infra/ferretdb/index-pushdown.int.test.ts), and a plan that scans
// the table of a collection that grows with the business fails the test. No timing.
import { MongoClient, type CommandStartedEvent, type Db, type Document } from 'mongodb';
import { afterEach, describe, expect, it } from 'vitest';
import { activeRaffle, customOrder, postJson } from '@vag/api/payments/test-fixtures';
import { startTestServer as startApiTestServer } from '@vag/api/testing/server';
import { staffToken } from '@vag/api/testing/seed';
import { followUpPayPalOrders } from '@vag/api/payments/paypal-follow-up';
import { checkPayPhoneReversals } from '@vag/api/payments/payphone-reversals';
import { reconcileOnce, reconcilerIdle } from '@vag/core/pipeline/reconciler';
import { relayOnce } from '@vag/core/pipeline/relay';
import { sweepExpiredReservations } from '@vag/core/pipeline/sweeper';
import { queueDueReminders } from '@vag/core/pipeline/transfer-reminders';
import {
  removeReceiptsOfEndedTransfers,
  removeUnlistedReceiptFiles,
} from '@vag/core/pipeline/receipt-files';
import { resendFailedNotifications } from '@vag/core/pipeline/notify-retry';
import { applyRetention } from '@vag/core/privacy/retention';
import { removeExpiredRateLimits } from '@vag/core/db/rate-limits';
import { startFakeProviders } from '@vag/core/testing/fakes/index';
import { testMongoBaseUrl, uniqueDbName } from '@vag/core/testing/test-db';
import { waitFor } from '@vag/core/testing/wait';
import { startWorkers } from '@vag/workers';
import { catchUpReportFacts } from '@vag/workers/reports/index';
import { TOTALS_UPGRADE_ID } from '@vag/core/db/report-totals';

/**
 * Collections whose size does not grow with sales, read by a scan on purpose: each holds
 * one document per raffle, per setting or per staff member (a few dozen in a year).
 */
const SMALL_COLLECTIONS: Record<string, string> = {
  raffles: 'one document per raffle',
  pastRaffles: 'the past raffles staff show on the site',
  'media.files': "the site's images",
  privacy_notices: 'one document per version of the privacy notice',
  invoice_certificates: "the issuer's signing certificate",
  packages: 'a few per raffle',
  rate_limits:
    "the live windows only: the minute's sweep deletes the rest (no sale's history stays in it)",
};

/** A lookup by `_id` in a collection of settings (one document each): no search needed. */
const isOneDocument = (collection: string, filter: Document) =>
  /settings$/.test(collection) && Object.keys(filter).join() === '_id';

/** The commands whose filter picks documents, and where each keeps it. */
function filtersOf(event: CommandStartedEvent): Array<{ collection: string; filter: Document }> {
  const c = event.command;
  switch (event.commandName) {
    case 'find':
      return [{ collection: c.find, filter: c.filter ?? {} }];
    case 'count':
      return [{ collection: c.count, filter: c.query ?? {} }];
    case 'distinct':
      return [{ collection: c.distinct, filter: c.query ?? {} }];
    case 'findAndModify':
      return [{ collection: c.findAndModify, filter: c.query ?? {} }];
    case 'aggregate': {
      const first = (c.pipeline as Document[])[0];
      return [{ collection: c.aggregate, filter: first?.$match ?? {} }];
    }
    case 'update':
      return (c.updates as Document[]).map((u) => ({ collection: c.update, filter: u.q }));
    case 'delete':
      return (c.deletes as Document[]).map((d) => ({ collection: c.delete, filter: d.q }));
    default:
      return [];
  }
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function setup() {
  const fakes = await startFakeProviders();
  cleanups.push(() => fakes.stop());
  const dbName = uniqueDbName('plans');
  const sent: CommandStartedEvent[] = [];
  let recording = false;
  const record = (event: CommandStartedEvent) => {
    if (recording && event.databaseName === dbName) sent.push(event);
  };
  const server = await startApiTestServer({
    env: {
      ...fakes.env,
      MONGODB_URL: `${testMongoBaseUrl()}${dbName}?monitorCommands=true`,
      SWEEP_INTERVAL_SECONDS: '3600',
      RECONCILE_INTERVAL_SECONDS: '3600',
    },
    startWorkers: (deps) => {
      deps.db.client.on('commandStarted', (e) => record(e));
      return startWorkers(deps);
    },
  });
  cleanups.push(() => server.stop());
  server.db.client.on('commandStarted', record);
  // The test's own reads and explains go through another client, never recorded.
  const observer = new MongoClient(`${testMongoBaseUrl()}${dbName}`, { retryWrites: false });
  await observer.connect();
  cleanups.push(() => observer.close());
  await activeRaffle(server.db, { totalNumbers: 1000, pricePerNumber: 1 });
  const { auth } = await staffToken(server.deps, 'admin');
  await reconcilerIdle(server.deps);
  await pastRaffle(observer.db());
  await reportsUpgraded(server.deps);
  // Start-up's one-off work (indexes, upgrades) is not what this test is about.
  recording = true;
  return { server, fakes, db: observer.db(), auth, api: `${server.url}/api`, sent };
}

const ARCHIVED = 'rifa-archivada';
const HISTORY = 40;

/**
 * A raffle drawn and archived long ago, with its sales in every end state a purchase
 * reaches: what a year of business leaves in the store, which no job at rest and no
 * query of another raffle's sale may read.
 */
async function pastRaffle(db: Db): Promise<void> {
  const longAgo = new Date(Date.now() - 200 * 86_400_000);
  await db.collection<Document>('raffles').insertOne({
    _id: ARCHIVED as never,
    name: 'Rifa de 2025',
    prize: 'Una moto',
    imageUrl: '',
    pricePerNumber: 1,
    endDate: longAgo,
    publishedAt: longAgo,
    totalNumbers: 1000,
    numbersGenerated: true,
    archivedAt: longAgo,
    // Drawn past every retention term, its buyers already anonymized by an earlier pass.
    draw: { recordedAt: new Date(Date.now() - 3 * 365 * 86_400_000), winnerPurchaseId: null },
    retentionDoneAt: longAgo,
  });
  const methods = ['paypal', 'card', 'mobile', 'bank_transfer'] as const;
  const statuses = ['COMPLETED', 'COMPLETED', 'COMPLETED', 'EXPIRED', 'REFUND_REQUIRED'];
  await db.collection<Document>('purchases').insertMany(
    Array.from({ length: HISTORY }, (_, i) => {
      const method = methods[i % methods.length]!;
      const status = statuses[i % statuses.length]!;
      const paid = status !== 'EXPIRED';
      return {
        _id: `pasada-${i}` as never,
        raffleId: ARCHIVED,
        createdAt: longAgo,
        updatedAt: longAgo,
        buyer: { firstName: 'Ana', lastName: 'Pérez', email: `pasada-${i}@example.com` },
        resellerCode: null,
        quantity: 2,
        totalPrice: 2,
        paymentMethod: method,
        status,
        reservation: { active: false, expiresAt: longAgo },
        assignedNumbers: paid ? [`${i}`] : [],
        orderCode: `VAG-PAS${i}`,
        ...(paid ? { paidAt: longAgo, numbersAssignedAt: longAgo, soldCountedAt: longAgo } : {}),
        ...(method === 'mobile' && paid
          ? { mobile: { transactionId: i, clientTransactionId: `p${i}`, status: 'COMPLETED' } }
          : {}),
        ...(method === 'paypal' ? { paypal: { orderId: `PP-PAS${i}`, status: 'COMPLETED' } } : {}),
        ...(status === 'EXPIRED'
          ? {
              removedReceipts: [
                { id: `r${i}`, contentType: 'image/png', size: 10, uploadedAt: longAgo },
              ],
            }
          : {}),
        notifications: {
          email: { status: 'sent', attempts: 1 },
          sms: { status: 'sent', attempts: 1 },
        },
        outbox: {
          purchase_expired: { event: { id: `e${i}` }, createdAt: longAgo, publishedAt: longAgo },
        },
        anonymized: { at: longAgo, reason: 'retention' },
      };
    }),
  );
}

/**
 * The past raffle's report facts and totals, as the reports' upgrade leaves them on a
 * store from before the totals (after the start-up's own catch-up, run again once the
 * past raffle is in).
 */
async function reportsUpgraded(deps: Awaited<ReturnType<typeof startApiTestServer>>['deps']) {
  await waitFor(() => deps.catchUps.running().length === 0, {
    timeoutMs: 20_000,
    message: 'the start-up catch-ups done',
  });
  await deps.db.collection<{ _id: string }>('upgrades').deleteOne({ _id: TOTALS_UPGRADE_ID });
  await catchUpReportFacts(deps);
  expect(await deps.db.collection('report_facts').countDocuments({ raffleId: ARCHIVED })).toBe(
    HISTORY,
  );
}

type Setup = Awaited<ReturnType<typeof setup>>;

async function settled({ db }: Setup, purchaseId: string): Promise<void> {
  await waitFor(
    async () => {
      const p = await db.collection('purchases').findOne({ _id: purchaseId as never });
      return (
        p?.numbersAssignedAt &&
        p.notifications?.email?.status === 'sent' &&
        p.notifications?.sms?.status === 'sent' &&
        !p.outbox?.purchase_paid
      );
    },
    { timeoutMs: 20_000, message: `purchase ${purchaseId} through the pipeline` },
  );
}

async function transferOrder(s: Setup, phone: string): Promise<string> {
  const order = customOrder('bank_transfer', 2, 1);
  order.buyer.phone = phone;
  const created = await postJson(`${s.api}/payments/create-order`, order);
  expect(created.status).toBe(201);
  return created.body.purchaseId as string;
}

/** A sale: a transfer confirmed by staff, a PayPal capture, a reminder and an expiry. */
async function sell(s: Setup): Promise<void> {
  const paidByTransfer = await transferOrder(s, '0990000001');
  const confirmed = await postJson(
    `${s.api}/purchases/${paidByTransfer}/confirm-transfer`,
    { referenceCode: 'REF-1', bankName: 'Pichincha' },
    s.auth,
    'PATCH',
  );
  expect(confirmed.status).toBe(200);

  const created = await postJson(`${s.api}/payments/create-order`, customOrder('paypal', 2, 1));
  expect(created.status).toBe(201);
  const orderId = new URL(created.body.approveUrl).searchParams.get('token')!;
  s.fakes.paypal.approve(orderId);
  const captured = await postJson(`${s.api}/payments/capture-order`, { orderId });
  expect(captured.status).toBe(200);

  await settled(s, paidByTransfer);
  await settled(s, created.body.purchaseId);

  // An unpaid transfer whose hold ends within the reminder's lead time, and one past it.
  const purchases = s.db.collection<{ _id: string }>('purchases');
  const reminded = await transferOrder(s, '0990000002');
  const expiring = await transferOrder(s, '0990000003');
  await purchases.updateOne(
    { _id: reminded },
    { $set: { 'reservation.expiresAt': new Date(Date.now() + 60_000) } },
  );
  await purchases.updateOne(
    { _id: expiring },
    { $set: { 'reservation.expiresAt': new Date(Date.now() - 1000) } },
  );
}

/** One pass of every job that repeats. */
async function oneRoundOfJobs({ server }: Setup): Promise<void> {
  const deps = server.deps;
  expect(await queueDueReminders(deps)).toBe(1);
  expect(await sweepExpiredReservations(deps)).toBe(1);
  await relayOnce(deps);
  await reconcileOnce(deps, { confirmDelayMs: 0, freeConfirmMs: 0 });
  await removeReceiptsOfEndedTransfers(deps);
  await removeUnlistedReceiptFiles(deps);
  await resendFailedNotifications(deps);
  await applyRetention(deps.db, new Date(), deps.env);
  await followUpPayPalOrders(deps);
  await checkPayPhoneReversals(deps);
  await removeExpiredRateLimits(deps.db);
  // The reports' periodic catch-up, once the sale's events are in.
  await catchUpReportFacts(deps);
}

/** The screens staff keep open during a sale: Reportes of the raffle on sale, the Rifas list. */
async function staffScreens({ api, auth }: Setup): Promise<void> {
  for (const path of ['/admin/reports?raffleId=current', '/admin/raffles']) {
    const res = await fetch(`${api}${path}`, { headers: auth });
    expect(res.status, path).toBe(200);
  }
}

/**
 * What SQLite does for a filter: read the whole table, or search one index; then which
 * past raffle's purchases that search reads (the store pushes down one equality, on the
 * index's first field, and filters the rest in Go: those rows are read all the same).
 */
async function planOf(s: Setup, collection: string, filter: Document): Promise<string | null> {
  const explained = await s.db.command({ explain: { find: collection, filter } });
  const plan = JSON.stringify(explained.queryPlanner ?? explained);
  if (/\bSCAN\b(?! CONSTANT)/.test(plan)) return 'scans the table';
  if (!/\bSEARCH\b/.test(plan)) return `no plan (is the collection there?): ${plan}`;
  if (collection !== 'purchases' && collection !== 'report_facts') return null;
  const index = /USING (?:COVERING )?INDEX (\S+?)(?:\\"|"| )/.exec(plan)?.[1] ?? '';
  const indexes = await s.db.collection(collection).listIndexes().toArray();
  const used = indexes.find((i) => index.endsWith(`_${i.name}`));
  const field = used ? Object.keys(used.key as Document)[0]! : '_id';
  if (!(field in filter)) return `searches ${index} without an equality on ${field}`;
  // The rows the search returns: equal values, arrays, and for a dotted path every
  // document the path is missing from (index_pushdown.go, candidatesClause).
  const candidates: Document[] = [{ [field]: filter[field] }, { [field]: { $type: 'array' } }];
  if (field.includes('.')) candidates.push({ [field]: null });
  const past = await s.db
    .collection(collection)
    .countDocuments({ raffleId: ARCHIVED, $or: candidates });
  return past > 0 ? `reads ${past} ${collection} of an archived raffle through ${index}` : null;
}

describe('queries on a year of data', () => {
  it('every query of a sale and of one pass of each periodic job is answered from an index', async () => {
    const s = await setup();
    await sell(s);
    await oneRoundOfJobs(s);
    await staffScreens(s);

    const seen = new Map<string, { collection: string; filter: Document }>();
    for (const event of s.sent)
      for (const query of filtersOf(event))
        seen.set(`${query.collection} ${JSON.stringify(query.filter)}`, query);
    const scans: string[] = [];
    for (const [key, { collection, filter }] of seen) {
      if (collection in SMALL_COLLECTIONS || isOneDocument(collection, filter)) continue;
      const problem = await planOf(s, collection, filter);
      if (problem) scans.push(`${key}: ${problem}`);
    }
    console.log(`${seen.size} distinct queries explained`);
    if (process.env.VAG_PLANS_DEBUG) console.log([...seen.keys()].join('\n'));
    expect(scans).toEqual([]);
  });
});
