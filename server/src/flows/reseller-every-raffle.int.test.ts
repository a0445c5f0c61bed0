// A reseller's code is theirs in every raffle: a buyer who comes through their link and buys
// in a second raffle on sale makes a sale of theirs, which their purchases list and their
// sales chart show under that raffle, and not under the first.
import { type SalesChart } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeRaffle, customOrder, numbersOf, postJson } from '@vag/api/payments/test-fixtures';
import { staffToken } from '@vag/api/testing/seed';
import { waitFor } from '@vag/core/testing/wait';
import { stampRaffle } from '@vag/core/db/raffle';
import { CURRENT_RAFFLE_ID } from '@vag/core/db/raffle-numbers';
import { startTestServer, type TestServer } from '../testing/server';

let server: TestServer;
let api: string;
beforeAll(async () => {
  server = await startTestServer();
  api = `${server.url}/api`;
  await activeRaffle(server.db, { totalNumbers: 100, pricePerNumber: 1 });
  // The first raffle is on sale, so published: a draft's chart answers resellers 404.
  await stampRaffle(server.db, CURRENT_RAFFLE_ID, 'publishedAt');
});
afterAll(async () => server?.stop());

/** A second raffle on sale, made and published as an operator does. */
async function expressRaffle(admin: Record<string, string>): Promise<string> {
  const created = await postJson(
    `${api}/admin/raffles`,
    {
      name: 'Rifa Express',
      slug: 'rifa-express',
      prize: 'iPhone 16',
      imageUrl: '',
      pricePerNumber: 2,
      endDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      totalNumbers: 50,
    },
    admin,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const pkg = await postJson(
    `${api}/raffles/rifa-express/packages`,
    { name: 'Trío', quantity: 3, price: 6, isPopular: true },
    admin,
  );
  expect(pkg.status, JSON.stringify(pkg.body)).toBe(201);
  const published = await postJson(`${api}/admin/raffles/${created.body._id}/publish`, {}, admin);
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return created.body._id as string;
}

describe("a reseller's code in a second raffle", () => {
  it('makes the sale theirs; their list and chart narrow to that raffle', async () => {
    const admin = await staffToken(server.deps, 'admin');
    const reseller = await staffToken(server.deps, 'reseller');
    const express = await expressRaffle(admin.auth);

    const order = await postJson(`${api}/raffles/rifa-express/payments/create-order`, {
      ...customOrder('bank_transfer', 3, 2),
      resellerCode: reseller.code!.toLowerCase(),
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const confirmed = await postJson(
      `${api}/purchases/${order.body.purchaseId}/confirm-transfer`,
      { referenceCode: 'REF-EXP', bankName: 'Pichincha' },
      admin.auth,
      'PATCH',
    );
    expect(confirmed.status).toBe(200);
    const purchase = await numbersOf(server.db, order.body.purchaseId);
    expect(purchase).toMatchObject({ raffleId: express, resellerCode: reseller.code });

    const chart = async (raffleId: string) =>
      (
        (await (
          await fetch(`${api}/admin/sales-chart?raffleId=${raffleId}`, { headers: reseller.auth })
        ).json()) as SalesChart
      ).days;
    await waitFor(async () => (await chart(express))[0]?.total === 3, {
      message: "the sale in the reseller's chart of Rifa Express",
    });
    expect(await chart('current')).toEqual([]);

    const list = async (raffleId: string) => {
      const filter = encodeURIComponent(JSON.stringify({ raffleId }));
      const res = await fetch(`${api}/purchases?filter=${filter}`, { headers: reseller.auth });
      return (await res.json()) as Array<{ raffleName: string; resellerCode: string }>;
    };
    expect(await list(express)).toEqual([
      expect.objectContaining({ raffleName: 'Rifa Express', resellerCode: reseller.code }),
    ]);
    expect(await list('current')).toEqual([]);
  });
});
