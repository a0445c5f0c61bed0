// GET /api/admin/sales-chart: numbers sold per day and method from the reports worker's
// projections; resellers see their own sales; without a token, SPEC's message.
import { ecuadorDay, PERMISSIONS, type SalesChart } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeRaffle, customOrder, numbersOf, postJson } from '@vag/api/payments/test-fixtures';
import { staffToken } from '@vag/api/testing/seed';
import { startTestServer, type TestServer } from '../testing/server';
import { waitFor } from '@vag/core/testing/wait';

let server: TestServer;
let api: string;
beforeAll(async () => {
  server = await startTestServer();
  api = `${server.url}/api`;
  await activeRaffle(server.db, { totalNumbers: 100, pricePerNumber: 1 });
});
afterAll(async () => {
  await server?.stop();
});

describe('GET /api/admin/sales-chart', () => {
  it('answers per-day numbers sold by method; a reseller sees only their own; others get 401/404', async () => {
    const admin = await staffToken(server.deps, 'admin');
    const reseller = await staffToken(server.deps, 'reseller');
    const direct = await postJson(
      `${api}/payments/create-order`,
      customOrder('bank_transfer', 3, 1),
    );
    const referred = await postJson(`${api}/payments/create-order`, {
      ...customOrder('bank_transfer', 2, 1),
      resellerCode: reseller.code,
    });

    // A reseller may not confirm payments unless Ajustes allows it (off by default).
    const foreign = await postJson(
      `${api}/purchases/${direct.body.purchaseId}/confirm-transfer`,
      { referenceCode: 'REF-1', bankName: 'Pichincha' },
      reseller.auth,
      'PATCH',
    );
    expect(foreign.status).toBe(403);
    for (const [id, who] of [
      [direct.body.purchaseId, admin],
      [referred.body.purchaseId, admin],
    ] as const) {
      const res = await postJson(
        `${api}/purchases/${id}/confirm-transfer`,
        { referenceCode: 'REF-2', bankName: 'Pichincha' },
        who.auth,
        'PATCH',
      );
      expect(res.status).toBe(200);
      await numbersOf(server.db, id);
    }

    const today = ecuadorDay(new Date())!;
    const chart = async (auth: Record<string, string>) =>
      (await (await fetch(`${api}/admin/sales-chart`, { headers: auth })).json()) as SalesChart;
    await waitFor(async () => (await chart(admin.auth)).days?.[0]?.total === 5, {
      message: 'both sales projected',
    });
    expect(await chart(admin.auth)).toEqual({
      days: [
        {
          day: today,
          byMethod: { paypal: 0, card: 0, bank_transfer: 5, mobile: 0 },
          total: 5,
          amount: 5,
        },
      ],
    });
    expect(await chart(reseller.auth)).toEqual({
      days: [
        {
          day: today,
          byMethod: { paypal: 0, card: 0, bank_transfer: 2, mobile: 0 },
          total: 2,
          amount: 2,
        },
      ],
    });
    expect(
      (
        (await fetch(`${api}/admin/sales-chart?from=${today}&to=${today}`, {
          headers: admin.auth,
        }).then((r) => r.json())) as SalesChart
      ).days,
    ).toHaveLength(1);

    const anonymous = await fetch(`${api}/admin/sales-chart`);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { msg: string }).msg).toBe(PERMISSIONS.viewReports);
    const bad = await fetch(`${api}/admin/sales-chart?from=ayer`, { headers: admin.auth });
    expect(bad.status).toBe(400);
  });

  it('answers a reseller about a draft raffle as about none: 404; published, only their own sales', async () => {
    const admin = await staffToken(server.deps, 'admin');
    const reseller = await staffToken(server.deps, 'reseller');
    const ofCurrent = (auth: Record<string, string>) =>
      fetch(`${api}/admin/sales-chart?raffleId=current`, { headers: auth });
    // The test raffle as it was before its sale opened: a draft.
    await server.db
      .collection<{ _id: string }>('raffles')
      .updateOne({ _id: 'current' }, { $unset: { publishedAt: '' } });
    server.deps.storefrontCache.invalidate();
    expect((await ofCurrent(admin.auth)).status).toBe(200);
    const draft = await ofCurrent(reseller.auth);
    expect(draft.status).toBe(404);
    expect(await draft.text()).not.toContain('bank_transfer');

    await server.db
      .collection<{ _id: string }>('raffles')
      .updateOne({ _id: 'current' }, { $set: { publishedAt: new Date() } });
    const published = await ofCurrent(reseller.auth);
    expect(published.status).toBe(200);
    // A reseller new here has no sales of their own in it.
    expect(((await published.json()) as SalesChart).days.every((d) => d.total === 0)).toBe(true);
  });
});
