// Every kind of answer carries the security headers: api JSON, api errors (401, 404,
// 413, 429), the storefront's pages, the admin app, media, and the PayPhone box page with
// its own policy. HSTS only when the request came over https.
import { SERVER, shortOrderPath } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeRaffle, customOrder } from '../payments/test-fixtures';
import { clearRateLimits, roomInWindow } from '../testing/rate-limits';
import { bearer, createStaff } from '../testing/seed';
import { startTestServer, type TestServer } from '../testing/server';
import { scriptHashesOf } from './security-headers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { TRUST_PROXY: 'true', CREATE_ORDER_ADDRESS_LIMIT_PER_MINUTE: '3' },
  });
  await activeRaffle(server.db, { totalNumbers: 100, pricePerNumber: 1 });
});
afterAll(async () => server?.stop());

function expectSecurityHeaders(res: Response, what: string) {
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp, `${what}: CSP`).toContain("default-src 'self'");
  expect(csp, `${what}: frame-ancestors`).toContain("frame-ancestors 'none'");
  expect(csp, `${what}: no inline scripts`).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('x-frame-options'), what).toBe('DENY');
  expect(res.headers.get('strict-transport-security'), `${what} over http`).toBeNull();
}

describe('security headers', () => {
  it.each([
    ['api JSON', '/api/health'],
    ['api 404', '/api/no-existe'],
    ['api 401', '/api/admin/me'],
    ['storefront page', '/'],
    ['storefront 404 page', '/no-existe'],
    ['admin app', '/admin/'],
    ['admin route', '/admin/packages'],
  ])('are on every answer: %s (%s)', async (what, path) => {
    const res = await fetch(`${server.url}${path}`);
    await res.arrayBuffer();
    expectSecurityHeaders(res, what);
  });

  it.each(['/', '/checkout', '/sorteos'])(
    "allow every inline script of the server-rendered page %s by its hash, never by 'unsafe-inline'",
    async (path) => {
      for (const visit of ['rendered', 'cached']) {
        const res = await fetch(`${server.url}${path}`);
        const html = await res.text();
        const scriptSrc = /script-src ([^;]*)/.exec(
          res.headers.get('content-security-policy') ?? '',
        )?.[1];
        const pageHashes = scriptHashesOf(html);
        expect(pageHashes.length, `${path} has inline scripts`).toBeGreaterThan(0);
        for (const hash of pageHashes) expect(scriptSrc, `${visit} ${path}`).toContain(hash);
      }
    },
  );

  it("give the PayPhone box page PayPhone's origins, and no other page", async () => {
    for (const path of ['/payphone-box.html', '/payphone-box/']) {
      const res = await fetch(`${server.url}${path}`);
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      expectSecurityHeaders(res, path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src [^;]*https:\/\/\*\.payphonetodoesposible\.com/);
      expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.payphonetodoesposible\.com/);
    }
    const home = await fetch(`${server.url}/`);
    expect(home.headers.get('content-security-policy')).not.toContain('payphone');
  });

  it('add HSTS only when the request came over https (X-Forwarded-Proto behind a trusted proxy)', async () => {
    const https = await fetch(`${server.url}/api/health`, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
    const http = await fetch(`${server.url}/api/health`, {
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(http.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('Cache-Control on answers with personal data', () => {
  it('is no-store on every api answer that carries a buyer or staff member: the order, the purchase, the profile, and their refusals', async () => {
    await clearRateLimits(server.db);
    const created = await fetch(`${server.url}/api/payments/create-order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.40' },
      body: JSON.stringify(customOrder('bank_transfer', 1, 1)),
    });
    expect(created.status).toBe(201);
    const order = (await created.json()) as { purchaseId: string; orderUrl: string };
    const key = new URL(order.orderUrl, server.url).searchParams.get('key')!;
    const staff = await createStaff(server.db, { role: 'admin' });
    const answers: Array<[string, Response]> = [
      ['create-order', created],
      ['order page', await fetch(`${server.url}/api/orders/${order.purchaseId}?key=${key}`)],
      ['purchase', await fetch(`${server.url}/api/purchases/${order.purchaseId}?key=${key}`)],
      [
        'purchase list',
        await fetch(`${server.url}/api/purchases`, { headers: bearer(staff.token) }),
      ],
      ['profile', await fetch(`${server.url}/api/admin/me`, { headers: bearer(staff.token) })],
      ['settings', await fetch(`${server.url}/api/settings`, { headers: bearer(staff.token) })],
      ['401', await fetch(`${server.url}/api/admin/me`)],
      ['404', await fetch(`${server.url}/api/orders/${order.purchaseId}?key=mala`)],
    ];
    for (const [what, res] of answers) {
      if (!res.bodyUsed) await res.arrayBuffer();
      expect(res.headers.get('cache-control'), what).toMatch(/\bno-store\b/);
    }
  });
});

describe("the short link's Referrer-Policy", () => {
  it('stays no-referrer: the order link it leads to holds the key', async () => {
    await clearRateLimits(server.db);
    const created = await fetch(`${server.url}/api/payments/create-order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.41' },
      body: JSON.stringify(customOrder('bank_transfer', 1, 1)),
    });
    const order = (await created.json()) as {
      purchaseId: string;
      orderCode: string;
      orderUrl: string;
    };
    const key = new URL(order.orderUrl, server.url).searchParams.get('key')!;
    const res = await fetch(`${server.url}${shortOrderPath(order.orderCode, key)}`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
  });
});

describe('request body limits', () => {
  it.each([
    ['/api/admin/login', 3 * 1024],
    ['/api/payments/create-order', 97 * 1024],
    ['/api/packages', 65 * 1024],
  ])("%s answers 413 'La solicitud es demasiado grande.' past its limit", async (path, size) => {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ relleno: 'x'.repeat(size) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ msg: SERVER.payloadTooLarge });
    expectSecurityHeaders(res, `${path} 413`);
  });

  it('lets a Stripe event larger than the default limit through to the signature check', async () => {
    const res = await fetch(`${server.url}/api/payments/stripe-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: JSON.stringify({ relleno: 'x'.repeat(100 * 1024) }),
    });
    // Stripe is not configured here: 503, but not 413.
    expect(res.status).not.toBe(413);
  });
});

describe('POST /api/payments/create-order rate limit', () => {
  it("answers 429 'Demasiados pedidos…' with Retry-After past the orders one address may create a minute; other addresses go on", async () => {
    await roomInWindow(60_000);
    await clearRateLimits(server.db);
    const order = (ip: string) =>
      fetch(`${server.url}/api/payments/create-order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify(customOrder('bank_transfer', 1, 1)),
      });
    for (let i = 0; i < 3; i++) expect((await order('198.51.100.4')).status).toBe(201);
    const refused = await order('198.51.100.4');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      msg: 'Demasiados pedidos desde esta conexión. Intente nuevamente en unos minutos.',
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expectSecurityHeaders(refused, '429');
    expect((await order('198.51.100.5')).status).toBe(201);
  });
});
