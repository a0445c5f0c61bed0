// The sellout in miniature: many more buyers than numbers at the same moment. Capacity
// is reserved with one conditional update, so no order is accepted beyond the raffle's
// size (I2); once every accepted order is paid, each number is held once (I1) and each
// purchase holds exactly its quantity (I3). The load test's own audit checks the end state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER } from '@vag/contracts';
import { auditRaffle, formatReport } from '@vag/core/audit/invariants';
import { getCapacity } from '@vag/core/db/raffle-capacity';
import { staffToken } from '@vag/api/testing/seed';
import { startTestServer, type TestServer } from '../testing/server';
import { waitFor } from '@vag/core/testing/wait';
import { activeRaffle, customOrder, postJson } from '@vag/api/payments/test-fixtures';
import { CURRENT_RAFFLE_ID } from '@vag/core/db/raffle';

const TOTAL = 100;
const BUYERS = 220;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await activeRaffle(server.db, { totalNumbers: TOTAL, pricePerNumber: 1 });
});
afterAll(async () => {
  await server?.stop();
});

describe('a sellout with more buyers than numbers', () => {
  it(`${BUYERS} concurrent create-orders for ${TOTAL} numbers: no oversell, then every number unique and every purchase whole`, async () => {
    const quantities = Array.from({ length: BUYERS }, (_, i) => (i % 3) + 1);
    const answers = await Promise.all(
      quantities.map((q) =>
        postJson(`${server.url}/api/payments/create-order`, customOrder('bank_transfer', q, 1)),
      ),
    );
    const accepted = answers.flatMap((a, i) =>
      a.status === 201 ? [{ id: a.body.purchaseId as string, quantity: quantities[i]! }] : [],
    );
    const refused = answers.filter((a) => a.status !== 201);
    expect(
      refused.every(
        (a) =>
          a.status === 409 &&
          (a.body.msg === SERVER.soldOut ||
            a.body.msg === SERVER.notEnoughNumbers(Number(/\d+/.exec(a.body.msg)?.[0]))),
      ),
    ).toBe(true);
    const held = accepted.reduce((sum, a) => sum + a.quantity, 0);
    expect(held).toBeLessThanOrEqual(TOTAL);
    // Only a request for more than what was left is refused, so the raffle is (almost) full.
    expect(TOTAL - held).toBeLessThan(3);
    const cap = (await getCapacity(server.db, CURRENT_RAFFLE_ID))!;
    expect(cap.reserved).toBe(held);
    expect(cap.available + cap.reserved + cap.sold).toBe(TOTAL);

    const { auth } = await staffToken(server.deps, 'admin');
    const confirmations = await Promise.all(
      accepted.map((a, i) =>
        postJson(
          `${server.url}/api/purchases/${a.id}/confirm-transfer`,
          { referenceCode: `REF-${i}`, bankName: 'Pichincha' },
          auth,
          'PATCH',
        ),
      ),
    );
    expect(confirmations.every((c) => c.status === 200)).toBe(true);

    await waitFor(
      async () => {
        const done = await server.db.collection('purchases').countDocuments({
          status: 'COMPLETED',
          'notifications.sms.status': 'logged',
          'notifications.email.status': 'logged',
        });
        return done === accepted.length;
      },
      { timeoutMs: 120_000, intervalMs: 250, message: 'every purchase numbered and notified' },
    );
    const report = await auditRaffle(server.db);
    expect(report.ok, formatReport(report)).toBe(true);
    expect(report.stats.assigned).toBe(held);
  }, 240_000);
});
