import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FairnessExport } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSaleIfDue, fairnessExport, recordOfficialResult } from '@vag/core/raffle/fairness';
import {
  insertPurchase,
  purchasePaidMessage,
  raffleWithNumbers,
  watchNumbersAssigned,
} from '@vag/core/testing/raffle-fixtures';
import { startTestServer, type TestServer } from '../testing/server';
import { verifyDraw } from '@vag/api/scripts/verify-draw';
import { CURRENT_RAFFLE_ID, featureRaffle, insertRaffle, stampRaffle } from '@vag/core/db/raffle';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

let srv: TestServer;
let dir: string;
let record: FairnessExport;
let buyer: { purchaseId: string; numbers: string[] };

/** A drawn raffle of 50 numbers with two buyers. */
beforeAll(async () => {
  srv = await startTestServer();
  dir = mkdtempSync(path.join(tmpdir(), 'vag-verify-'));
  const watcher = await watchNumbersAssigned(srv.deps.bus);
  await raffleWithNumbers(srv.db, 50);
  const ids: string[] = [];
  for (const quantity of [4, 7]) {
    const id = await insertPurchase(srv.db, { quantity });
    await srv.deps.bus.publish([purchasePaidMessage(id, quantity)]);
    await watcher.settled(id);
    ids.push(id);
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
  record = await fairnessExport(srv.db, CURRENT_RAFFLE_ID);
  const purchase = await srv.db
    .collection<{ _id: string; assignedNumbers: string[] }>('purchases')
    .findOne({ _id: ids[1]! });
  buyer = { purchaseId: ids[1]!, numbers: purchase!.assignedNumbers };
});
afterAll(async () => {
  await srv.stop();
  rmSync(dir, { recursive: true, force: true });
});

function saved(data: unknown, name: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(data));
  return file;
}

describe('verify-draw', () => {
  it("passes every check on the site's published record, read from its URL", async () => {
    const report = await verifyDraw(srv.url, buyer);
    expect(report.ok).toBe(true);
    expect(report.lines).toContain('✔ La clave revelada corresponde al compromiso publicado');
    expect(report.lines).toContain('✔ Tus 7 números son los que la clave asigna a tu compra');
  });

  it("checks a past raffle from its own page's address once another raffle is the home's", async () => {
    const next = await insertRaffle(srv.db, {
      _id: 'siguiente',
      name: 'La siguiente rifa',
      slug: 'la-siguiente-rifa',
      prize: 'Moto',
      imageUrl: '',
      pricePerNumber: 1,
      endDate: new Date(Date.now() + 86_400_000),
      totalNumbers: 10,
    });
    // The next raffle on sale: published (a draft cannot be the public's home).
    await stampRaffle(srv.db, next._id, 'publishedAt');
    await featureRaffle(srv.db, next._id);
    srv.deps.storefrontCache.invalidate();
    const report = await verifyDraw(`${srv.url}/rifas/nueva-rifa`, buyer);
    expect(report.ok).toBe(true);
    expect(report.lines).toContain('✔ Tus 7 números son los que la clave asigna a tu compra');
    // The home now features a raffle with no draw yet: the site's own record is not this one.
    expect((await verifyDraw(srv.url, buyer)).ok).toBe(false);
    await featureRaffle(srv.db, CURRENT_RAFFLE_ID);
    srv.deps.storefrontCache.invalidate();
  });

  it('fails a saved record whose revealed key was tampered with', async () => {
    const key = record.reveal!.key;
    // The last two digits always change: a fixed '00' left the key as it was when it ended in 00.
    const lastChanged = `${key.slice(0, -2)}${key.endsWith('00') ? 'ff' : '00'}`;
    const tampered = { ...record, reveal: { ...record.reveal!, key: lastChanged } };
    const report = await verifyDraw(saved(tampered, 'tampered.json'));
    expect(report.ok).toBe(false);
    expect(report.lines).toContain('✘ La clave revelada NO corresponde al compromiso publicado');
  });

  it('fails numbers the key does not give the purchase', async () => {
    // One of the buyer's numbers swapped for one they do not hold (of the raffle's 50).
    const notTheirs = Array.from({ length: 50 }, (_, n) => String(n).padStart(2, '0')).find(
      (n) => !buyer.numbers.includes(n),
    )!;
    const others = { ...buyer, numbers: [...buyer.numbers.slice(1), notTheirs] };
    const report = await verifyDraw(saved(record, 'record.json'), others);
    expect(report.ok).toBe(false);
  });

  it('exits 1 from the command line for a record whose winner was changed, saying which check failed', async () => {
    const winner = record.draw!.winningNumber === '00' ? '01' : '00';
    const tampered = { ...record, draw: { ...record.draw!, winningNumber: winner } };
    const script = path.join(repoRoot, 'api/src/scripts/verify-draw.ts');
    const failed = await run(
      process.execPath,
      ['--import', 'tsx', script, saved(tampered, 'winner.json')],
      {
        cwd: repoRoot,
      },
    ).catch((error: { code: number; stdout: string }) => error);
    expect(failed).toMatchObject({ code: 1 });
    expect(failed.stdout).toContain(
      '✔ La lista de 11 números vendidos es la publicada al cerrar la venta',
    );
    expect(failed.stdout).toContain(`no el ${winner}`);
  });
});
