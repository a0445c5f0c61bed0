// create-order's rate limits are fair to a crowd behind one address (CGNAT is common on
// Ecuador's mobile networks): each buyer (e-mail, phone or cédula) has their own limit,
// the address only a generous ceiling; behind a proxy the address is the proxy's entry.
import { LIMIT_MESSAGES, SERVER } from '@vag/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activeRaffle, customOrder } from '../payments/test-fixtures';
import { strangerBuyer } from '../payments/test-buyers';
import { clearRateLimits, roomInWindow } from '../testing/rate-limits';
import { startTestServer, type TestServer } from '../testing/server';

const PER_BUYER = 5;
const PER_ADDRESS = 12;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: {
      TRUST_PROXY: 'true',
      CREATE_ORDER_LIMIT_PER_MINUTE: String(PER_BUYER),
      CREATE_ORDER_ADDRESS_LIMIT_PER_MINUTE: String(PER_ADDRESS),
    },
  });
  await activeRaffle(server.db, { totalNumbers: 1000, pricePerNumber: 1 });
});
afterAll(async () => server?.stop());
beforeEach(async () => {
  await roomInWindow(60_000, 25_000);
  await clearRateLimits(server.db);
});

async function order(forwardedFor: string, buyer = strangerBuyer()) {
  const res = await fetch(`${server.url}/api/payments/create-order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify(
      customOrder('bank_transfer', 1, 1, { buyer: { ...buyer, paymentProvider: 'bank_transfer' } }),
    ),
  });
  return { status: res.status, msg: ((await res.json()) as { msg?: string }).msg };
}

describe('POST /api/payments/create-order limits per buyer, then per address', () => {
  it(`${PER_ADDRESS} different buyers behind one address all order within a minute; the next is told the connection is busy`, async () => {
    for (let i = 0; i < PER_ADDRESS; i++)
      expect((await order('198.51.100.20')).status, `buyer ${i + 1}`).toBe(201);
    expect(await order('198.51.100.20')).toEqual({ status: 429, msg: SERVER.tooManyOrders });
  });

  it(`one buyer is limited to ${PER_BUYER} orders a minute from any address, by e-mail, phone or cédula`, async () => {
    const ana = strangerBuyer();
    for (let i = 0; i < PER_BUYER; i++)
      expect((await order(`198.51.100.${30 + i}`, ana)).status).toBe(201);
    const samePhone = strangerBuyer({ phone: ana.phone });
    expect(await order('198.51.100.40', samePhone)).toEqual({
      status: 429,
      msg: LIMIT_MESSAGES.tooManyOrdersBuyer,
    });
    expect((await order('198.51.100.40')).status).toBe(201);
  });

  it('behind the proxy the address is the right-most X-Forwarded-For entry: a made-up first entry does not dodge the ceiling', async () => {
    for (let i = 0; i < PER_ADDRESS; i++)
      expect((await order(`10.9.${i}.1, 203.0.113.50`)).status).toBe(201);
    expect(await order('10.9.99.1, 203.0.113.50')).toEqual({
      status: 429,
      msg: SERVER.tooManyOrders,
    });
  });
});
