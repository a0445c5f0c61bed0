// A buyer's personal data, everywhere the store keeps it: one buyer is seeded into every
// such place (purchases with their numbers, the reports, receipts, purchase limits, lookup
// requests, the audit log, marketing consent, data requests, the draw they won, message
// and request counters), each linked to them as the product links it (their e-mail or
// their purchase's id). The export finds each; after the deletion no field of theirs is
// readable anywhere in the database but the audit's own texts (never rewritten, they name
// the purchase only), while the sellout audit and verify-draw still pass.
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from 'mongodb';
import { AUDIT_TEXTS, makeEvent } from '@vag/contracts';
import { verifyDraw } from '@vag/api/scripts/verify-draw';
import { auditRaffle } from '@vag/core/audit/invariants';
import { appendAudit } from '@vag/core/db/audit-log';
import { insertDataRequest } from '@vag/core/db/data-requests';
import { insertLookupRequest } from '@vag/core/db/lookup-requests';
import { CURRENT_RAFFLE_ID } from '@vag/core/db/raffle';
import { countHit } from '@vag/core/db/rate-limits';
import { saveReceiptFile } from '@vag/core/db/receipts';
import { anonymizeBuyer } from '@vag/core/privacy/anonymize';
import { personalDataOf } from '@vag/core/privacy/personal-data';
import { identify, placeCollection, PLACES } from '@vag/core/privacy/places';
import { recordMarketingConsent } from '@vag/core/privacy/marketing-consent';
import { unsubscribeToken } from '@vag/core/privacy/unsubscribe-token';
import { relayDrawEvents } from '@vag/core/pipeline/relay';
import { closeSaleIfDue, recordOfficialResult } from '@vag/core/raffle/fairness';
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import {
  insertPurchase,
  purchasePaidMessage,
  raffleWithNumbers,
  watchNumbersAssigned,
} from '@vag/core/testing/raffle-fixtures';
import { waitFor } from '@vag/core/testing/wait';
import { startTestServer, type TestServer } from '../testing/server';

const EMAIL = `ana-${Date.now()}@example.com`;
const OTHER = `otro-${Date.now()}@example.com`;
/** What the fixture's buyer is called and reached by (raffle-fixtures insertPurchase). */
const WORDS = [EMAIL, '0991234567', '+593991234567', '1710034065', 'Ana Pérez', 'Av. Amazonas 123'];
const WHOLE_VALUES = ['Ana', 'Pérez', 'Quito', 'Pichincha'];

let fakes: FakeProviders;
let srv: TestServer;
let purchaseIds: string[];

async function seedEverywhere(db: Db): Promise<void> {
  const [first] = purchaseIds as [string];
  const receiptId = randomUUID();
  await saveReceiptFile(db, {
    receiptId,
    purchaseId: first,
    data: Buffer.from('%PDF-1.4 comprobante'),
    contentType: 'application/pdf',
  });
  await db.collection<{ _id: string }>('purchases').updateOne({ _id: first }, {
    $push: {
      receipts: { id: receiptId, contentType: 'application/pdf', size: 20, uploadedAt: new Date() },
    },
  } as never);
  await db.collection<{ _id: string; [field: string]: unknown }>('order_holds').insertOne({
    _id: first,
    raffleId: CURRENT_RAFFLE_ID,
    buyerKeys: [`e:${EMAIL}`, 'p:+593991234567', 'd:1710034065'],
    address: '203.0.113.9',
    state: 'released',
  });
  for (const email of [EMAIL, OTHER]) {
    await insertLookupRequest(
      db,
      makeEvent('lookup.requested', {
        requestId: randomUUID(),
        email,
        about: 'orders',
        token: 'firmado',
        expiresAt: new Date().toISOString(),
      }),
    );
  }
  await countHit(db, { limiter: 'lookupMailPerEmail', subject: EMAIL, windowMs: 3_600_000 });
  await appendAudit(db, {
    actor: { id: 'staff-1', email: 'admin@voyaganar.ec' },
    action: 'payment.confirmed',
    description: AUDIT_TEXTS.paymentConfirmed('VAG-ANA001'),
    purchaseId: first,
  });
  await recordMarketingConsent(db, { email: EMAIL, granted: true, source: 'checkout' });
  await unsubscribeToken(db, EMAIL);
  await insertDataRequest(db, { email: EMAIL, kind: 'access', channel: 'web' });
  await db.collection<{ _id: string; [field: string]: unknown }>('bank_statement_lines').insertOne({
    _id: randomUUID(),
    fingerprint: randomUUID(),
    description: 'Transferencia de Ana Pérez, pago de rifa',
    reference: '0991234567',
    amount: 25,
    purchaseId: first,
  });
  await db
    .collection<{ _id: string; [field: string]: unknown }>('unpaid_notice_throttle')
    .insertOne({ _id: `email:${EMAIL}`, purchaseId: first, until: new Date() });
}

/** Every string in the database that still names the buyer, with where it is. */
/** The embedded mode's outbox log: a message to the buyer and one to someone else. */
function seedOutboxLog(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true });
  const line = (entry: object) => `${JSON.stringify({ at: new Date().toISOString(), ...entry })}\n`;
  appendFileSync(
    path.join(dataDir, 'outbox.log'),
    line({ channel: 'email', to: EMAIL, subject: 'Tus números', text: 'Hola Ana Pérez' }) +
      line({
        channel: 'sms',
        purchaseId: purchaseIds[0],
        to: '+593991234567',
        body: 'Ana Pérez: tus números',
      }) +
      line({ channel: 'email', to: OTHER, subject: 'Tus números', text: 'Hola' }),
  );
}

/** Every line of the outbox log, in all its parts. */
function outboxLines(dataDir: string): string[] {
  return readdirSync(dataDir)
    .filter((name) => /^outbox.*\.log$/.test(name))
    .flatMap((name) => readFileSync(path.join(dataDir, name), 'utf8').split('\n'))
    .filter(Boolean);
}

async function traces(db: Db): Promise<string[]> {
  const found: string[] = [];
  const walk = (value: unknown, where: string) => {
    if (typeof value === 'string') {
      const lower = value.toLowerCase();
      if (WORDS.some((w) => lower.includes(w.toLowerCase())) || WHOLE_VALUES.includes(value))
        found.push(`${where}: ${value}`);
    } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${where}.${i}`));
    else if (value && typeof value === 'object' && !(value instanceof Date))
      for (const [k, v] of Object.entries(value)) walk(v, `${where}.${k}`);
  };
  for (const { name } of await db.listCollections().toArray()) {
    // The operator's own settings: the test bank account's holder shares the fixture's cédula.
    if (name === 'settings') continue;
    for (const doc of await db.collection(name).find().toArray())
      walk(doc, `${name}/${String(doc._id)}`);
  }
  return found;
}

beforeAll(async () => {
  fakes = await startFakeProviders();
  srv = await startTestServer({ env: fakes.env });
  const watcher = await watchNumbersAssigned(srv.deps.bus);
  // Every number sold to the buyer: the draw's winner is theirs whatever the number drawn.
  await raffleWithNumbers(srv.db, 20);
  purchaseIds = [];
  for (const quantity of [8, 12]) {
    const id = await insertPurchase(srv.db, { quantity, email: EMAIL });
    await srv.deps.bus.publish([purchasePaidMessage(id, quantity)]);
    await watcher.settled(id);
    purchaseIds.push(id);
  }
  await watcher.stop();
  const afterEnd = new Date(Date.now() + 40 * 86_400_000);
  await closeSaleIfDue(srv.db, afterEnd, CURRENT_RAFFLE_ID);
  await recordOfficialResult(
    srv.db,
    { firstPrize: '80417', drawNumber: 7100, drawDate: afterEnd.toISOString().slice(0, 10) },
    'test',
    CURRENT_RAFFLE_ID,
  );
  await relayDrawEvents(srv.deps);
  // The winner's message goes out first, so nothing writes their address after the deletion.
  await waitFor(
    async () => (await srv.db.collection('draw_notices').countDocuments({ to: EMAIL })) > 0,
    { message: "the winner's draw notice" },
  );
  await seedEverywhere(srv.db);
});

afterAll(async () => {
  await srv?.stop();
  await fakes?.stop();
});

describe('personal data of one buyer', () => {
  it('every place personal data lives links the buyer, and the export reads it without keys or staff', async () => {
    const person = await identify(srv.db, EMAIL.toUpperCase());
    const empty = [];
    for (const place of PLACES)
      if ((await placeCollection(srv.db, place).countDocuments(place.filter(person))) === 0)
        empty.push(place.collection);
    expect(empty).toEqual([]);
    const data = await personalDataOf(srv.db, EMAIL.toUpperCase());
    expect(data.sections.purchases.flatMap((p) => p.numbers as string[])).toHaveLength(20);
    expect(data.sections.messages.filter((m) => m.kind === 'lookup_mail')).toHaveLength(1);
    expect(
      data.sections.payments.filter((p) => p.kind === 'bank_line').map((p) => p.description),
    ).toEqual(['Transferencia de Ana Pérez, pago de rifa']);
    // The audit's entry is there, without who on staff wrote it; no key opens anything.
    expect(data.sections.history.map((h) => h.what)).toContain(
      AUDIT_TEXTS.paymentConfirmed('VAG-ANA001'),
    );
    const text = JSON.stringify(data);
    for (const secret of ['admin@voyaganar.ec', '"token"', 'accessKey', '_id', purchaseIds[0]!])
      expect(text).not.toContain(secret);
  });

  it('anonymizeBuyer leaves no field of theirs readable anywhere, and the audit and verify-draw still pass', async () => {
    expect((await traces(srv.db)).length).toBeGreaterThan(10);
    const dataDir = srv.deps.env.DATA_DIR;
    seedOutboxLog(dataDir);
    const mentions = () =>
      outboxLines(dataDir).filter((l) =>
        WORDS.some((w) => l.toLowerCase().includes(w.toLowerCase())),
      );
    expect(mentions().length).toBeGreaterThanOrEqual(2);
    const logged = outboxLines(dataDir).length;
    const before = await srv.db
      .collection('purchases')
      .find({ _id: { $in: purchaseIds } } as never)
      .toArray();

    await anonymizeBuyer(srv.db, EMAIL, 'request', { dataDir });

    expect(await traces(srv.db)).toEqual([]);
    // The outbox log keeps every message, theirs without their data.
    expect(mentions()).toEqual([]);
    expect(outboxLines(dataDir)).toHaveLength(logged);
    expect(outboxLines(dataDir).filter((l) => l.includes(OTHER))).toHaveLength(1);
    expect(await srv.db.collection('receipts.files').countDocuments()).toBe(0);
    expect(await srv.db.collection('receipts.chunks').countDocuments()).toBe(0);
    const after = await srv.db
      .collection('purchases')
      .find({ _id: { $in: purchaseIds } } as never)
      .toArray();
    // What the law and the draw need stays: amounts, numbers, status.
    for (const p of after) {
      const was = before.find((b) => b._id === p._id)!;
      expect(p.totalPrice).toBe(was.totalPrice);
      expect(p.assignedNumbers).toEqual(was.assignedNumbers);
      expect(p.status).toBe('COMPLETED');
      expect(p.buyer.firstName).toBe('Anónimo');
    }
    // Someone else's request is untouched.
    expect(
      await srv.db
        .collection('lookup_requests')
        .countDocuments({ 'outbox.event.data.email': OTHER }),
    ).toBe(1);
    expect(
      Object.values((await personalDataOf(srv.db, EMAIL)).sections).every((s) => s.length === 0),
    ).toBe(true);

    const audit = await auditRaffle(srv.db, { raffleId: CURRENT_RAFFLE_ID });
    expect(audit.ok).toBe(true);
    const report = await verifyDraw(srv.url, {
      purchaseId: purchaseIds[1]!,
      numbers: after.find((p) => String(p._id) === purchaseIds[1])!.assignedNumbers as string[],
    });
    expect(report.lines.filter((l) => l.startsWith('✘'))).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
