// Pick-your-numbers raffles as buyers meet them: the chosen numbers are held with the
// order, a number is never held twice however many buyers race for it (the losers are
// told exactly which numbers went), an unpaid order gives them back when its hold runs
// out, and a paid one ends with exactly the numbers it chose. Bad selections are refused
// in Spanish before anything is held.
import { gridBit, NO_PURCHASE_LIMITS, numberGridSchema, PICK_TEXTS } from '@vag/contracts';
import { auditRaffle } from '@vag/core/audit/invariants';
import { CURRENT_RAFFLE_ID } from '@vag/core/db/raffle';
import { getCapacity } from '@vag/core/db/raffle-capacity';
import { getPurchase } from '@vag/core/db/purchases';
import { sweepExpiredReservations } from '@vag/core/pipeline/sweeper';
import { confirmTransferPayment } from '@vag/core/purchase-lifecycle/apply-payment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeRaffle, customOrder, numbersOf, postJson } from '@vag/api/payments/test-fixtures';
import { strangerBuyer } from '@vag/api/payments/test-buyers';
import { staffToken } from '@vag/api/testing/seed';
import { roomInWindow } from '@vag/api/testing/rate-limits';
import { testMongoBaseUrl, uniqueDbName } from '@vag/core/testing/test-db';
import { startTestServer as startApiTestServer } from '@vag/api/testing/server';
import { startWorkers } from '@vag/workers';
import { countCommands, type CommandCounter } from '../testing/command-counter';
import type { TestServer } from '../testing/server';

let server: TestServer;
let api: string;
let auth: { authorization: string };
let address = 0;

/** The in-process workers' commands (their own connection pool), counted throughout. */
let workersCounter: CommandCounter | undefined;

beforeAll(async () => {
  const dbName = uniqueDbName('picks');
  server = await startApiTestServer({
    env: {
      TRUST_PROXY: 'true',
      // The driver reports each command, for the tests that count the store's commands.
      MONGODB_URL: `${testMongoBaseUrl()}${dbName}?monitorCommands=true`,
    },
    startWorkers: (deps) => {
      workersCounter = countCommands(deps.db.client, dbName);
      return startWorkers(deps);
    },
  });
  api = `${server.url}/api`;
  auth = (await staffToken(server.deps, 'admin')).auth;
  await activeRaffle(server.db, { totalNumbers: 1000, pricePerNumber: 1 });
  await server.db
    .collection<{ _id: string }>('raffles')
    // On sale, so published: a draft's grid and maquinita answer 404 to buyers.
    .updateOne(
      { _id: CURRENT_RAFFLE_ID },
      { $set: { numberMode: 'pick', publishedAt: new Date() } },
    );
  const saved = await postJson(
    `${api}/settings/current`,
    { purchaseLimits: NO_PURCHASE_LIMITS },
    auth,
    'PUT',
  );
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  workersCounter?.stop();
  await server?.stop();
});

/** A transfer order choosing `numbers`, from a buyer and address of its own. */
function pick(numbers: string[], quantity = numbers.length) {
  address += 1;
  return postJson(
    `${api}/payments/create-order`,
    customOrder('bank_transfer', quantity, 1, {
      numbers,
      buyer: { ...strangerBuyer(), paymentProvider: 'bank_transfer' },
    }),
    { 'x-forwarded-for': `198.51.${address >> 8}.${address & 255}` },
  );
}

/** `count` numbers in a row that no hold names, read from the store (the grid is cached). */
async function freeRun(count: number): Promise<string[]> {
  const held = new Set(
    (
      await server.db
        .collection<{ _id: string; raffleId: string; number: number }>('number_holds')
        .find({ raffleId: CURRENT_RAFFLE_ID }, { projection: { number: 1 } })
        .toArray()
    ).map((hold) => hold.number),
  );
  for (let start = 300; ; start++) {
    const run = Array.from({ length: count }, (_, i) => start + i);
    if (run.every((n) => !held.has(n))) return run.map(String);
  }
}

async function grid() {
  const res = await fetch(`${api}/raffles/${CURRENT_RAFFLE_ID}/number-grid`);
  expect(res.status).toBe(200);
  const body = numberGridSchema.parse(await res.json());
  return {
    body,
    held: (n: number) => gridBit(Buffer.from(body.held, 'base64'), n),
    sold: (n: number) => gridBit(Buffer.from(body.sold, 'base64'), n),
  };
}

const waitGrid = (check: (g: Awaited<ReturnType<typeof grid>>) => boolean) =>
  expect.poll(async () => check(await grid()), { timeout: 10_000 }).toBe(true);

describe('choosing numbers', () => {
  it('refuses bad selections in Spanish and holds nothing', async () => {
    const before = await getCapacity(server.db, CURRENT_RAFFLE_ID);
    const outOfRange = await pick(['1000']);
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.body.errors.numbers).toBe(PICK_TEXTS.outOfRange('1000', '999'));
    const twice = await pick(['7', '007']);
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.body)).toContain(PICK_TEXTS.repeated('007'));
    const shownForTwo = await postJson(
      `${api}/payments/create-order`,
      customOrder('bank_transfer', 3, 1, {
        numbers: ['1', '2', '3'],
        amount: 2,
        totalPrice: 2,
        buyer: { ...strangerBuyer(), paymentProvider: 'bank_transfer' },
      }),
    );
    expect(shownForTwo.status).toBe(400);
    expect(shownForTwo.body.msg).toBe(PICK_TEXTS.selectionChanged);
    const mismatch = await pick(['1', '2'], 3);
    expect(mismatch.status).toBe(400);
    expect(JSON.stringify(mismatch.body)).toContain(PICK_TEXTS.countMismatch);
    const tooMany = await pick(Array.from({ length: 10_001 }, (_, i) => String(i)));
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain(PICK_TEXTS.tooMany(10_000));
    const none = await postJson(`${api}/payments/create-order`, customOrder('bank_transfer', 1, 1));
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe(PICK_TEXTS.pickRequired);
    expect(await getCapacity(server.db, CURRENT_RAFFLE_ID)).toEqual(before);
  });

  it('gives each number to exactly one of many racing buyers and tells the others which', async () => {
    const wanted = ['100', '101', '102', '103', '104'];
    // Each buyer wants two neighbouring numbers of the five: every pair overlaps another.
    const selections = Array.from({ length: 12 }, (_, i) => [wanted[i % 5]!, wanted[(i + 1) % 5]!]);
    const answers = await Promise.all(selections.map((s) => pick(s)));
    const holders = new Map<string, number>();
    answers.forEach((answer, i) => {
      if (answer.status === 201) {
        for (const n of selections[i]!) {
          expect(holders.has(n), `${n} held twice`).toBe(false);
          holders.set(n, i);
        }
        return;
      }
      expect(answer.status, JSON.stringify(answer.body)).toBe(409);
      expect(answer.body.takenNumbers.length).toBeGreaterThan(0);
      for (const n of answer.body.takenNumbers) expect(selections[i]).toContain(n);
      expect(answer.body.error).toBe(PICK_TEXTS.numbersTaken(answer.body.takenNumbers));
    });
    expect(holders.size).toBeGreaterThan(0);
    const capacity = await getCapacity(server.db, CURRENT_RAFFLE_ID);
    expect(capacity?.reserved).toBe(holders.size);
    // A loser's numbers that nobody won stay free: nothing of a refused selection is held.
    await waitGrid((g) => wanted.every((n) => g.held(Number(n)) === holders.has(n)));
    const again = await pick(wanted);
    expect(again.status).toBe(409);
    expect(again.body.takenNumbers).toEqual(wanted.filter((n) => holders.has(n)));
  });

  it('the maquinita answers free numbers only, from its stated source', async () => {
    const res = await postJson(`${api}/raffles/${CURRENT_RAFFLE_ID}/lucky-numbers`, { count: 5 });
    expect(res.status).toBe(200);
    expect(res.body.source).toBe(PICK_TEXTS.randomSource);
    expect(res.body.numbers).toHaveLength(5);
    const g = await grid();
    for (const n of res.body.numbers) expect(g.held(Number(n)) || g.sold(Number(n))).toBe(false);
    expect((await pick(res.body.numbers)).status).toBe(201);
  });

  it('the maquinita spins from the grid the page reads (cached), not a read of every hold each', async () => {
    const counter = countCommands(server.db.client, server.db.databaseName);
    try {
      const spins = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          postJson(
            `${api}/raffles/${CURRENT_RAFFLE_ID}/lucky-numbers`,
            { count: 3 },
            { 'x-forwarded-for': `203.0.113.${100 + i}` },
          ),
        ),
      );
      expect(spins.map((s) => s.status)).toEqual(spins.map(() => 200));
      const holdReads = counter
        .counts()
        .filter((c) => c.command === 'find number_holds')
        .reduce((n, c) => n + c.count, 0);
      // One read of the holds per grid cache window (a second or two), whatever the spins.
      expect(holdReads).toBeLessThanOrEqual(2);
    } finally {
      counter.stop();
    }
  });

  it('holds, sells and gives back a selection in one write of its numbers each, whatever its size', async () => {
    // Eight numbers in a row nobody holds (the maquinita's test bought five at random).
    const run = await freeRun(8);
    // The api's commands (the order, the confirmation) and the numbers worker's (the sale).
    const counter = countCommands(server.db.client, server.db.databaseName);
    workersCounter!.reset();
    const holdCommands = () => {
      const counts: Record<string, number> = {};
      for (const c of [...counter.counts(), ...workersCounter!.counts()])
        if (c.command.endsWith(' number_holds'))
          counts[c.command] = (counts[c.command] ?? 0) + c.count;
      return counts;
    };
    try {
      const won = await pick(run.slice(0, 5));
      expect(won.status).toBe(201);
      const confirmed = await postJson(
        `${api}/purchases/${won.body.purchaseId}/confirm-transfer`,
        { referenceCode: 'REF-ONE-WRITE', bankName: 'Pichincha' },
        auth,
        'PATCH',
      );
      expect(confirmed.status).toBe(200);
      await numbersOf(server.db, won.body.purchaseId);
      // One insert holds the five, one update sells them; nobody else's holds to read.
      expect(holdCommands()).toEqual({ 'insert number_holds': 1, 'update number_holds': 1 });
      counter.reset();
      workersCounter!.reset();
      const lost = await pick(run.slice(4));
      expect(lost.status).toBe(409);
      expect(lost.body.takenNumbers).toEqual([run[4]]);
      // The three that went in come back in one delete, and they are free again; nothing
      // else of the refused order was written (no ledger entry, no move of the raffle's
      // counters, which every order of the rush needs).
      expect(holdCommands()).toEqual({ 'insert number_holds': 1, 'delete number_holds': 1 });
      const written = counter
        .counts()
        .filter((c) => c.kind === 'write' && !c.command.endsWith(' number_holds'));
      expect(written).toEqual([]);
      expect((await pick(run.slice(5))).status).toBe(201);
    } finally {
      counter.stop();
    }
  });

  it('limits the maquinita per address: past 120 spins a minute it answers 429 in Spanish, others still spin', async () => {
    await roomInWindow(60_000);
    const spin = (ip: string) =>
      postJson(
        `${api}/raffles/${CURRENT_RAFFLE_ID}/lucky-numbers`,
        { count: 1 },
        {
          'x-forwarded-for': ip,
        },
      );
    for (let i = 0; i < 120; i++) expect((await spin('203.0.113.41')).status).toBe(200);
    const refused = await spin('203.0.113.41');
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toBe(PICK_TEXTS.tooManySpins);
    expect((await spin('203.0.113.42')).status).toBe(200);
  });

  it('releases the numbers of an order whose hold ran out; they can be chosen again', async () => {
    const first = await pick(['500', '501']);
    expect(first.status).toBe(201);
    expect((await pick(['501'])).body.takenNumbers).toEqual(['501']);
    await sweepExpiredReservations(server.deps, new Date(Date.now() + 30 * 86_400_000));
    expect((await getPurchase(server.db, first.body.purchaseId))?.status).toBe('EXPIRED');
    expect((await pick(['501'])).status).toBe(201);
  });

  it('a payment after the hold ran out gets the same numbers if free, else is due a refund', async () => {
    const lateButFree = await pick(['601']);
    const lateAndTaken = await pick(['602']);
    await sweepExpiredReservations(server.deps, new Date(Date.now() + 30 * 86_400_000));
    expect((await pick(['602'])).status).toBe(201);
    // The bank shows both transfers after their holds ended (a statement line, as staff
    // reconcile them): the payment is applied to the expired orders.
    for (const [i, order] of [lateButFree, lateAndTaken].entries()) {
      const expired = await getPurchase(server.db, order.body.purchaseId);
      expect(expired?.status).toBe('EXPIRED');
      await confirmTransferPayment(server.deps, expired!, {
        referenceCode: `REF-LATE-${i}`,
        bankName: 'Pichincha',
        staff: { id: 'staff', email: 'staff@example.com' },
      });
    }
    expect((await numbersOf(server.db, lateButFree.body.purchaseId)).assignedNumbers).toEqual([
      '601',
    ]);
    const refused = await getPurchase(server.db, lateAndTaken.body.purchaseId);
    expect(refused?.status).toBe('REFUND_REQUIRED');
    expect(refused?.assignedNumbers).toEqual([]);
  });

  it('a paid order ends with exactly the numbers it chose, sold on the grid', async () => {
    const order = await pick(['042', '900', '7']);
    expect(order.status).toBe(201);
    const confirmed = await postJson(
      `${api}/purchases/${order.body.purchaseId}/confirm-transfer`,
      { referenceCode: 'REF-PICK', bankName: 'Pichincha' },
      auth,
      'PATCH',
    );
    expect(confirmed.status).toBe(200);
    const paid = await numbersOf(server.db, order.body.purchaseId);
    expect([...paid.assignedNumbers].sort()).toEqual(['007', '042', '900']);
    await waitGrid((g) => g.sold(42) && g.sold(900) && g.sold(7) && !g.held(42));
    expect((await pick(['042'])).body.takenNumbers).toEqual(['042']);
    const audit = await auditRaffle(server.db, {
      notifications: false,
      reports: false,
      pendingGraceMs: 365 * 86_400_000,
    });
    for (const r of audit.results) expect(r.ok, `${r.id}: ${r.details.join('; ')}`).toBe(true);
    expect(audit.results.map((r) => r.id)).toContain('picks');
  });

  it('a chosen order costs the store three writes and no read: its numbers, the purchase, the reservation', async () => {
    // A warm process, as in a sale: its caches loaded by an earlier order.
    expect((await pick(['809'])).status).toBe(201);
    const counter = countCommands(server.db.client, server.db.databaseName);
    // The request's own commands: the periodic passes' and the relay's are labelled apart.
    counter.setRequestStage('create-order');
    try {
      const won = await pick(['810', '811', '812']);
      expect(won.status).toBe(201);
      // The relay's notice of the order is the same in both modes; the rest is the order:
      // its numbers, the purchase, the raffle's reservation (settings and the raffle come
      // from the process's caches). No read of anyone's holds.
      const commands = Object.fromEntries(
        counter
          .counts()
          .filter((c) => c.stage === 'create-order')
          .map((c) => [c.command, c.count]),
      );
      expect(commands, counter.table()).toEqual({
        'insert number_holds': 1,
        'insert purchases': 1,
        'update raffles': 1,
      });
    } finally {
      counter.stop();
    }
  });
});
