// A raffle's page outlives its sale (SPEC, "Many raffles"): sold out, drawn and then
// archived, its page and its trust page keep answering 200, read-only, with the winning
// number and what was sold, and its buyer's order link keeps linking there. A draft's
// pages answer 404 all the while.
import {
  ecuadorDay,
  fairnessExportSchema,
  PAST_RAFFLE_TEXTS,
  rafflePath,
  trustPagePath,
  type FairnessExport,
} from '@vag/contracts';
import { customOrder, postJson } from '@vag/api/payments/test-fixtures';
import { apiCaller, createStaff, type ApiCaller } from '@vag/api/testing/seed';
import { waitFor } from '@vag/core/testing/wait';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/server';

const TOTAL = 3;
let server: TestServer;
let call: ApiCaller;
let token: string;
let quick: { _id: string; slug: string };
let draft: { _id: string; slug: string };
let orderLink: string;
let winning: string;

const fields = (name: string, slug: string) => ({
  name,
  slug,
  prize: 'Bicicleta de montaña',
  imageUrl: '',
  pricePerNumber: 1,
  endDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  totalNumbers: TOTAL,
});

async function created(name: string, slug: string): Promise<{ _id: string; slug: string }> {
  const res = await call('POST', '/admin/raffles', { token, body: fields(name, slug) });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { _id: string; slug: string };
}

beforeAll(async () => {
  server = await startTestServer();
  call = apiCaller(server.url);
  token = (await createStaff(server.db, { role: 'admin' })).token;
  draft = await created('Rifa En Preparación', 'rifa-en-preparacion');
  quick = await created('Rifa Relámpago', 'rifa-relampago');
  const pkg = await call('POST', `/raffles/${quick._id}/packages`, {
    token,
    body: { name: 'Todos', quantity: TOTAL, price: TOTAL, isPopular: false },
  });
  expect(pkg.status, JSON.stringify(pkg.json)).toBe(201);
  expect((await call('POST', `/admin/raffles/${quick._id}/publish`, { token })).status).toBe(200);
  // One buyer takes every number by transfer; staff confirm it, so the sale closes.
  const order = await postJson(
    `${server.url}/api/raffles/${quick.slug}/payments/create-order`,
    customOrder('bank_transfer', TOTAL, 1),
  );
  expect(order.status).toBe(201);
  const id = order.body.purchaseId as string;
  const key = new URL(order.body.orderUrl as string, server.url).searchParams.get('key')!;
  orderLink = `/orders/${id}?key=${key}`;
  const confirmed = await call('PATCH', `/purchases/${id}/confirm-transfer`, {
    token,
    body: { referenceCode: 'REF-RELAMPAGO', bankName: 'Pichincha' },
  });
  expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
  const scoped = `/raffles/${quick.slug}/raffle`;
  await waitFor(
    async () => {
      const res = await call('GET', `${scoped}/fairness`);
      return fairnessExportSchema.parse(res.json as FairnessExport).closing !== null;
    },
    { message: 'the sale to close' },
  );
  const drawn = await call('POST', `${scoped}/draw`, {
    token,
    body: { firstPrize: '48213', drawNumber: 7012, drawDate: ecuadorDay(new Date()) },
  });
  expect(drawn.status, JSON.stringify(drawn.json)).toBe(200);
  const archived = await call('POST', `/admin/raffles/${quick._id}/archive`, { token });
  expect(archived.status, JSON.stringify(archived.json)).toBe(200);
  const record = fairnessExportSchema.parse((await call('GET', `${scoped}/fairness`)).json);
  winning = record.draw!.winningNumber!;
});
afterAll(async () => {
  await server?.stop();
});

const page = async (pagePath: string) => {
  const res = await fetch(`${server.url}${pagePath}`);
  return { status: res.status, html: await res.text() };
};

describe('an archived raffle', () => {
  it('keeps its page: 200, read-only, with the winning number, what was sold and its verifier', async () => {
    const { status, html } = await page(rafflePath(quick.slug));
    expect(status).toBe(200);
    expect(html).toContain('Rifa Relámpago');
    expect(html).toContain(PAST_RAFFLE_TEXTS.resultTitle);
    expect(html).toContain(`class="hero-winner-number">${winning}<`);
    expect(html).toContain(PAST_RAFFLE_TEXTS.sold(TOTAL, TOTAL));
    expect(html).toContain(`/verificar?rifa=${quick.slug}&#38;n=${winning}`);
    // Nothing to buy: no packages, no checkout, no "how to take part".
    expect(html).not.toContain('id="sectionPackages"');
    expect(html).not.toContain('/checkout');
    expect(html).not.toContain('id="como-participar"');
  });

  it('keeps its trust page with the result', async () => {
    const { status, html } = await page(trustPagePath(quick.slug));
    expect(status).toBe(200);
    expect(html).toContain(`class="past-result-number">${winning}<`);
  });

  it('its order link keeps linking its page', async () => {
    const order = await call('GET', orderLink);
    expect(order.status).toBe(200);
    expect(order.json).toMatchObject({ raffle: { name: 'Rifa Relámpago', slug: quick.slug } });
  });
});

describe('a draft', () => {
  it('answers 404 on its page and its trust page, by slug and by id', async () => {
    for (const ref of [draft.slug, draft._id]) {
      for (const pagePath of [rafflePath(ref), trustPagePath(ref)]) {
        const { status, html } = await page(pagePath);
        expect(status, pagePath).toBe(404);
        expect(html).not.toContain('Rifa En Preparación');
      }
    }
  });
});
