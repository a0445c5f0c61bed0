// `npm run verify-draw` on a raffle whose buyers chose their numbers: the record states the
// mode, lists the chosen numbers sold as the sold list whose hash closed the sale, and the
// declared rule applied to the official result gives the winner among them; a record whose
// sold list was altered fails.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { NO_PURCHASE_LIMITS, PICK_TEXTS, purchaseReference } from '@vag/contracts';
import { activeRaffle, customOrder, numbersOf, postJson } from '@vag/api/payments/test-fixtures';
import { strangerBuyer } from '@vag/api/payments/test-buyers';
import { staffToken } from '@vag/api/testing/seed';
import { verifyDraw } from '@vag/api/scripts/verify-draw';
import { CURRENT_RAFFLE_ID } from '@vag/core/db/raffle';
import { closeSaleIfDue, fairnessExport, recordOfficialResult } from '@vag/core/raffle/fairness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/server';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

let srv: TestServer;
let dir: string;
const bought: Array<{ purchaseId: string; numbers: string[] }> = [];

beforeAll(async () => {
  srv = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  dir = mkdtempSync(path.join(tmpdir(), 'vag-verify-pick-'));
  const { auth } = await staffToken(srv.deps, 'admin');
  await activeRaffle(srv.db, { totalNumbers: 50, pricePerNumber: 1 });
  await srv.db
    .collection<{ _id: string }>('raffles')
    .updateOne({ _id: CURRENT_RAFFLE_ID }, { $set: { numberMode: 'pick' } });
  await postJson(
    `${srv.url}/api/settings/current`,
    { purchaseLimits: NO_PURCHASE_LIMITS },
    auth,
    'PUT',
  );
  for (const [i, numbers] of [['07', '17', '42'], ['03']].entries()) {
    const order = await postJson(
      `${srv.url}/api/payments/create-order`,
      customOrder('bank_transfer', numbers.length, 1, {
        numbers,
        buyer: { ...strangerBuyer(), paymentProvider: 'bank_transfer' },
      }),
      { 'x-forwarded-for': `203.0.113.${i + 1}` },
    );
    expect(order.status).toBe(201);
    await postJson(
      `${srv.url}/api/purchases/${order.body.purchaseId}/confirm-transfer`,
      { referenceCode: `REF-${i}`, bankName: 'Pichincha' },
      auth,
      'PATCH',
    );
    const paid = await numbersOf(srv.db, order.body.purchaseId);
    bought.push({ purchaseId: paid._id, numbers: paid.assignedNumbers });
  }
  const afterEnd = new Date(Date.now() + 40 * 86_400_000);
  expect(await closeSaleIfDue(srv.db, afterEnd, CURRENT_RAFFLE_ID)).not.toBeNull();
  await recordOfficialResult(
    srv.db,
    // Width 2: the first prize's last digits are 42, a chosen number.
    { firstPrize: '80442', drawNumber: 7100, drawDate: afterEnd.toISOString().slice(0, 10) },
    'test',
    CURRENT_RAFFLE_ID,
  );
});
afterAll(async () => {
  await srv?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('verify-draw for a pick-your-numbers raffle', () => {
  it('states the mode, lists the chosen numbers and passes every check', async () => {
    const record = await fairnessExport(srv.db, CURRENT_RAFFLE_ID);
    expect(record.mode).toBe('pick');
    expect(record.picks.map((p) => p.number).sort()).toEqual(['03', '07', '17', '42']);
    expect(record.draw?.winningNumber).toBe('42');
    expect(record.draw?.winnerReference).toBe(purchaseReference(bought[0]!.purchaseId));
    const report = await verifyDraw(srv.url, bought[0]);
    expect(report.lines).toContain(PICK_TEXTS.modeStated('pick'));
    expect(report.lines.filter((l) => l.startsWith('✘'))).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.lines).toContain(
      '✔ Tus 3 números son los que elegiste y constan como vendidos a tu compra',
    );
  });

  it('fails a saved record whose sold list was altered, from the command line', async () => {
    const record = await fairnessExport(srv.db, CURRENT_RAFFLE_ID);
    const tampered = {
      ...record,
      picks: record.picks.map((p) => (p.number === '03' ? { ...p, number: '04' } : p)),
    };
    const file = path.join(dir, 'tampered.json');
    writeFileSync(file, JSON.stringify(tampered));
    const failed = await run('npm', ['run', '--silent', 'verify-draw', '--', file], {
      cwd: repoRoot,
    }).then(
      () => null,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toContain(
      '✘ La lista de números vendidos NO es la publicada al cerrar la venta',
    );
  });
});
