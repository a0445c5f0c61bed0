// A raffle whose buyers choose their numbers, seen by a buyer who wants to win an instant
// prize: nothing public names an unwon prize number (the prize list, the raffle page's
// data, the number lookup, the fairness record) nor answers differently for one; a won
// prize is revealed with the salt that proves it was fixed before the sale; the draw
// reveals the rest, and a record whose prize list was altered fails the checks.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  checkInstantPrizes,
  instantPrizeCommitment,
  NO_PURCHASE_LIMITS,
  PRIZE_DISCLOSURE_TEXTS,
  type FairnessExport,
} from '@vag/contracts';
import { activeRaffle, customOrder, numbersOf, postJson } from '@vag/api/payments/test-fixtures';
import { strangerBuyer } from '@vag/api/payments/test-buyers';
import { staffToken } from '@vag/api/testing/seed';
import { verifyDraw } from '@vag/api/scripts/verify-draw';
import { loadStorefrontContent } from '@vag/api/storefront/content';
import { CURRENT_RAFFLE_ID } from '@vag/core/db/raffle';
import { closeSaleIfDue, recordOfficialResult } from '@vag/core/raffle/fairness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/server';

let srv: TestServer;
let auth: Record<string, string>;
let dir: string;
/** The operator's secret: the prize numbers as the store keeps them. */
let prizeNumbers: string[];
let buyerIp = 0;

beforeAll(async () => {
  srv = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  dir = mkdtempSync(path.join(tmpdir(), 'vag-pick-prizes-'));
  auth = (await staffToken(srv.deps, 'admin')).auth;
  await activeRaffle(srv.db, { totalNumbers: 100, pricePerNumber: 1 });
  await srv.db
    .collection<{ _id: string }>('raffles')
    .updateOne({ _id: CURRENT_RAFFLE_ID }, { $set: { numberMode: 'pick' } });
  await postJson(
    `${srv.url}/api/settings/current`,
    { purchaseLimits: NO_PURCHASE_LIMITS },
    auth,
    'PUT',
  );
  const assigned = await postJson(
    `${srv.url}/api/raffle/assign-random-prizes`,
    { prizes: [{ amount: 20 }, { amount: 100 }, { amount: 50 }] },
    auth,
  );
  expect(assigned.status).toBe(200);
  const stored = await srv.db
    .collection<{ number: string }>('instant_prizes')
    .find({ raffleId: CURRENT_RAFFLE_ID })
    .toArray();
  prizeNumbers = stored.map((p) => p.number);
  expect(prizeNumbers).toHaveLength(3);
});
afterAll(async () => {
  await srv?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function getJson(apiPath: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${srv.url}/api${apiPath}`, { headers });
  return { status: res.status, body: (await res.json()) as unknown };
}

/** Every way a prize number could be written in a JSON answer. */
function namesAny(body: unknown, numbers: readonly string[]): string[] {
  const text = JSON.stringify(body);
  return numbers.filter((n) => text.includes(`"${n}"`) || text.includes(`"${Number(n)}"`));
}

async function buy(numbers: string[]): Promise<{ purchaseId: string; numbers: string[] }> {
  buyerIp += 1;
  const order = await postJson(
    `${srv.url}/api/payments/create-order`,
    customOrder('bank_transfer', numbers.length, 1, {
      numbers,
      buyer: { ...strangerBuyer(), paymentProvider: 'bank_transfer' },
    }),
    { 'x-forwarded-for': `203.0.113.${buyerIp}` },
  );
  expect(order.status).toBe(201);
  await postJson(
    `${srv.url}/api/purchases/${order.body.purchaseId}/confirm-transfer`,
    { referenceCode: `REF-${buyerIp}`, bankName: 'Pichincha' },
    auth,
    'PATCH',
  );
  const paid = await numbersOf(srv.db, order.body.purchaseId);
  return { purchaseId: paid._id, numbers: paid.assignedNumbers };
}

const fairness = async () => (await getJson('/raffle/fairness')).body as FairnessExport;

describe('instant prizes of a pick-your-numbers raffle, before anyone wins one', () => {
  it('the public prize list shows amounts and hashes, never a number; an admin sees them', async () => {
    const list = await getJson('/raffle/instant-prizes');
    expect(list.status).toBe(200);
    const prizes = list.body as Array<{ number: string | null; prizeAmount: number; hash: string }>;
    expect(prizes.map((p) => p.prizeAmount)).toEqual([100, 50, 20]);
    expect(prizes.every((p) => p.number === null && /^[0-9a-f]{64}$/.test(p.hash))).toBe(true);
    expect(namesAny(list.body, prizeNumbers)).toEqual([]);

    const forAdmin = await getJson('/raffle/instant-prizes', auth);
    expect((forAdmin.body as Array<{ number: string }>).map((p) => p.number).sort()).toEqual(
      [...prizeNumbers].sort(),
    );
  });

  it('the raffle page is rendered without them', async () => {
    const content = await loadStorefrontContent(
      srv.db,
      srv.deps.env,
      srv.deps.log,
      CURRENT_RAFFLE_ID,
    );
    expect(content.instantPrizes?.map((p) => p.number)).toEqual([null, null, null]);
    expect(namesAny(content.instantPrizes, prizeNumbers)).toEqual([]);
  });

  it('the number lookup answers a prize number exactly as any other free number', async () => {
    const other = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0')).find(
      (n) => !prizeNumbers.includes(n),
    )!;
    const plain = await getJson(`/raffle/numbers/${other}`);
    expect(plain.status).toBe(200);
    for (const number of prizeNumbers) {
      const answer = await getJson(`/raffle/numbers/${number}`);
      expect(answer).toEqual({ ...plain, body: { ...(plain.body as object), number } });
    }
  });

  it('the fairness record states the rule and holds hashes only', async () => {
    const record = await fairness();
    expect(record.prizeDisclosure).toBe('sealed');
    expect(record.instantPrizes.map((p) => [p.number, p.salt])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
    expect([...record.commitment!.prizeHashes!].sort()).toEqual(
      record.instantPrizes.map((p) => p.hash).sort(),
    );
    expect(record.reveal).toBeNull();
    expect(namesAny(record, prizeNumbers)).toEqual([]);
    const report = await verifyDraw(srv.url);
    expect(report.lines).toContain(PRIZE_DISCLOSURE_TEXTS.stated('sealed'));
  });
});

describe('a won prize of a pick-your-numbers raffle', () => {
  let winner: { purchaseId: string; numbers: string[] };
  let won: string;

  beforeAll(async () => {
    won = prizeNumbers[0]!;
    winner = await buy([won]);
  });

  it('is revealed with the salt that proves its number was fixed before the sale', async () => {
    const prizes = (await getJson('/raffle/instant-prizes')).body as Array<{
      number: string | null;
      hash: string;
      salt: string | null;
      status: string;
    }>;
    const revealed = prizes.filter((p) => p.number !== null);
    expect(revealed).toHaveLength(1);
    expect(revealed[0]).toMatchObject({ number: won, status: 'pending' });
    const record = await fairness();
    expect(instantPrizeCommitment(record.commitment!.raffleRef, revealed[0]!.salt!, won)).toBe(
      revealed[0]!.hash,
    );
    expect(namesAny(prizes, prizeNumbers.slice(1))).toEqual([]);
    expect(checkInstantPrizes(record)).toEqual({
      id: 'instant-prizes',
      ok: true,
      message: 'El número premiado revelado corresponde a su huella publicada antes de la venta',
    });
  });

  it('a record naming another number for it fails the check', async () => {
    const record = await fairness();
    const other = String((Number(won) + 1) % 100).padStart(2, '0');
    const tampered = {
      ...record,
      instantPrizes: record.instantPrizes.map((p) => (p.number ? { ...p, number: other } : p)),
    };
    expect(checkInstantPrizes(tampered)).toMatchObject({
      ok: false,
      message: `El número premiado ${other} NO corresponde a la huella publicada antes de la venta`,
    });
  });

  it('the number lookup says the number is sold and shows its prize', async () => {
    const answer = await getJson(`/raffle/numbers/${won}`);
    expect(answer.body).toMatchObject({
      number: won,
      status: 'sold',
      prize: { amount: expect.any(Number), status: 'pending' },
    });
    expect(winner.numbers).toEqual([won]);
  });
});

describe('the draw of a pick-your-numbers raffle with instant prizes', () => {
  beforeAll(async () => {
    const free = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
    await buy(free.filter((n) => Number(n) >= 40 && !prizeNumbers.includes(n)).slice(0, 2));
    const afterEnd = new Date(Date.now() + 40 * 86_400_000);
    expect(await closeSaleIfDue(srv.db, afterEnd, CURRENT_RAFFLE_ID)).not.toBeNull();
    await recordOfficialResult(
      srv.db,
      { firstPrize: '80441', drawNumber: 7101, drawDate: afterEnd.toISOString().slice(0, 10) },
      'test',
      CURRENT_RAFFLE_ID,
    );
  });

  it('reveals every prize number, and verify-draw checks them all', async () => {
    const record = await fairness();
    expect(record.instantPrizes.map((p) => p.number).sort()).toEqual([...prizeNumbers].sort());
    const report = await verifyDraw(srv.url);
    expect(report.lines).toContain(
      '✔ Los premios instantáneos son los comprometidos antes de la venta',
    );
  });

  it('verify-draw fails a saved record whose prize list was altered', async () => {
    const record = await fairness();
    const moved = String((Number(prizeNumbers[1]) + 1) % 100).padStart(2, '0');
    const file = path.join(dir, 'tampered.json');
    writeFileSync(
      file,
      JSON.stringify({
        ...record,
        reveal: {
          ...record.reveal!,
          instantPrizeNumbers: record.reveal!.instantPrizeNumbers.map((n) =>
            n === prizeNumbers[1] ? moved : n,
          ),
        },
        instantPrizes: record.instantPrizes.map((p) =>
          p.number === prizeNumbers[1] ? { ...p, number: moved } : p,
        ),
      }),
    );
    const report = await verifyDraw(file);
    expect(report.ok).toBe(false);
    expect(report.lines).toContain(
      `✘ El número premiado ${moved} NO corresponde a la huella publicada antes de la venta`,
    );
  });
});
