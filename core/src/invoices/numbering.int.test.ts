// Secuenciales never repeat and never skip: workers on separate connections numbering at
// once (one document at a time, and in blocks claimed in one write), a document whose
// worker died between drafting and numbering, and a block whose worker died between
// claiming its numbers and writing them on its documents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from '../db/client';
import {
  draftInvoice,
  ensureInvoiceIndexes,
  invoices,
  numberInvoice,
  numberInvoices,
} from '../db/invoices';
import { testInvoiceDraft } from '../testing/invoice-fixtures';
import { testMongoBaseUrl, uniqueDbName } from '../testing/test-db';
import { isAccessKeyValid } from './access-key';
import { numberedFields, numberInBlock } from './numbering';

let a: Database;
let b: Database;
beforeAll(async () => {
  const url = testMongoBaseUrl() + uniqueDbName('numbering');
  a = await connectDatabase(url);
  b = await connectDatabase(url);
  await ensureInvoiceIndexes(a.db);
});
afterAll(async () => {
  await a?.db.dropDatabase();
  await Promise.all([a?.client.close(), b?.client.close()]);
});

const draft = testInvoiceDraft;

async function issue(
  db: Database['db'],
  purchaseId: string,
  over: Parameters<typeof testInvoiceDraft>[1] = {},
) {
  const doc = await draftInvoice(db, draft(purchaseId, over));
  return numberInvoice(db, doc._id, numberedFields(doc));
}

describe('secuenciales', () => {
  it('gives 40 documents numbered at once by two workers the numbers 1 to 40, once each', async () => {
    const docs = await Promise.all(
      Array.from({ length: 40 }, (_, i) => issue(i % 2 ? a.db : b.db, `race-${i}`)),
    );
    expect(docs.map((d) => d.number).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect(new Set(docs.map((d) => d.accessKey)).size).toBe(40);
    for (const d of docs) {
      expect(d.secuencial).toBe(String(d.number).padStart(9, '0'));
      expect(isAccessKeyValid(d.accessKey)).toBe(true);
      expect(d.accessKey.slice(30, 39)).toBe(d.secuencial);
    }
  });

  it('drafts and numbers a purchase once however often the event comes, even from two workers', async () => {
    const [x, y] = await Promise.all([issue(a.db, 'twice'), issue(b.db, 'twice')]);
    expect(x._id).toBe(y._id);
    expect(x.number).toBe(y.number);
    expect(await invoices(a.db).countDocuments({ purchaseId: 'twice' })).toBe(1);
  });

  it('leaves no hole when a worker dies between drafting and numbering', async () => {
    const before = await invoices(a.db).countDocuments({ number: { $gt: 0 } });
    // The worker drafted the document and died before numbering it.
    const orphan = await draftInvoice(a.db, draft('crashed'));
    const other = await issue(b.db, 'after-crash');
    expect(other.number).toBe(before + 1);
    // The redelivered event finds the same draft and numbers it next: still contiguous.
    const retried = await issue(a.db, 'crashed');
    expect(retried._id).toBe(orphan._id);
    expect(retried.number).toBe(before + 2);
  });

  it('gives a document the number its dead worker had claimed, and that number to no other', async () => {
    const numbered = await invoices(a.db).countDocuments({ number: { $gt: 0 } });
    const orphan = await draftInvoice(a.db, draft('died-after-claim'));
    // The worker claimed the next number, then died before writing it on the document.
    await a.db.collection('invoice_sequences').insertOne({
      _id: `${orphan.series}:${numbered + 1}` as never,
      series: orphan.series,
      number: numbered + 1,
      invoiceId: orphan._id,
      claimedAt: new Date(),
    });
    const next = await issue(b.db, 'after-claim');
    expect(next.number).toBe(numbered + 2);
    expect((await issue(a.db, 'died-after-claim')).number).toBe(numbered + 1);
  });

  it('keeps each point of emission, kind and environment on its own run of numbers', async () => {
    const p2 = await issue(a.db, 'p2', { ptoEmi: '002' });
    const nc = await issue(a.db, 'nc', { kind: 'nota_credito' });
    const prod = await issue(a.db, 'prod', { environment: 'produccion' });
    expect([p2.number, nc.number, prod.number]).toEqual([1, 1, 1]);
  });
});

describe('secuenciales in blocks', () => {
  const series = { ptoEmi: '007' };
  const numbersOf = async () =>
    (await invoices(a.db).find({ ptoEmi: '007' }).toArray())
      .map((d) => d.number)
      .sort((x, y) => x - y);
  const drafts = (prefix: string, count: number) =>
    Promise.all(
      Array.from({ length: count }, (_, i) => draftInvoice(a.db, draft(`${prefix}-${i}`, series))),
    );
  const block = (db: Database['db'], docs: Awaited<ReturnType<typeof drafts>>) =>
    numberInvoices(
      db,
      docs.map((d) => ({ id: d._id, fields: numberedFields(d) })),
    );

  it('gives blocks claimed at once by two workers the numbers 1 to n, once each, in the order asked', async () => {
    const [x, y] = await Promise.all([drafts('bx', 30), drafts('by', 30)]);
    const rounds = [0, 10, 20].map((from) =>
      Promise.all([block(a.db, x.slice(from, from + 10)), block(b.db, y.slice(from, from + 10))]),
    );
    const numbered = (await Promise.all(rounds)).flat(2);
    expect(numbered.map((d) => d.number).sort((p, q) => p - q)).toEqual(
      Array.from({ length: 60 }, (_, i) => i + 1),
    );
    // Within a block the numbers follow the order the documents were asked in.
    const first = numbered.slice(0, 10).map((d) => d.number);
    expect(first).toEqual([...first].sort((p, q) => p - q));
    for (const d of numbered) expect(d.accessKey.slice(30, 39)).toBe(d.secuencial);
  });

  it('numbers the documents of one process in blocks, through its numberer, with no hole or repeat', async () => {
    const before = (await numbersOf()).length;
    const docs = await drafts('nb', 40);
    const numbered = await Promise.all(
      docs.map((d, i) => (i % 2 ? numberInBlock(a.db, d) : numberInBlock(b.db, d))),
    );
    expect(numbered.map((d) => d._id)).toEqual(docs.map((d) => d._id));
    expect(await numbersOf()).toEqual(Array.from({ length: before + 40 }, (_, i) => i + 1));
  });

  it('gives no hole and no repeat when two workers number blocks sharing documents at once', async () => {
    const before = (await numbersOf()).length;
    let total = before;
    for (let round = 0; round < 8; round++) {
      const docs = await drafts(`shared-${round}`, 16);
      // A redelivered event puts some of one worker's documents in the other's block too.
      const mine = docs.slice(0, 10);
      const theirs = [docs[7]!, docs[3]!, docs[9]!, ...docs.slice(10)];
      const [x, y] = await Promise.all([block(a.db, mine), block(b.db, theirs)]);
      for (const d of [docs[3]!, docs[7]!, docs[9]!])
        expect(x.find((e) => e._id === d._id)!.number).toBe(y.find((e) => e._id === d._id)!.number);
      total += 16;
    }
    expect(await numbersOf()).toEqual(Array.from({ length: total }, (_, i) => i + 1));
  });

  it('issues every number of a block whose worker died after claiming it, and gives them to no other', async () => {
    const last = (await numbersOf()).length;
    const dead = await drafts('dead', 3);
    // The worker claimed three numbers in one write and died before writing them down.
    await a.db.collection('invoice_sequences').insertMany(
      dead.map((d, i) => ({
        _id: `${d.series}:${last + 1 + i}` as never,
        series: d.series,
        number: last + 1 + i,
        invoiceId: d._id,
        claimedAt: new Date(),
      })),
    );
    const [other] = await block(b.db, await drafts('alive', 1));
    expect(other!.number).toBe(last + 4);
    // The redelivered events (or the sweep) number the dead worker's documents: their claims.
    const retried = await block(a.db, dead);
    expect(retried.map((d) => d.number)).toEqual([last + 1, last + 2, last + 3]);
    expect(await numbersOf()).toEqual(Array.from({ length: last + 4 }, (_, i) => i + 1));
  });
});
