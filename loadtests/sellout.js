// The sellout: buyers arrive (PROFILE in lib/profiles.js), look at the home page data,
// order a package or a custom quantity and pay — by bank transfer confirmed by a staff
// client, or with PayPal through the local fake — until every number is sold. Late
// buyers get the sold-out answer (409), an expected outcome, not an error.
//
//   k6 run -e BASE_URL=http://127.0.0.1:3000 -e STAFF_TOKEN=… -e PROFILE=spike loadtests/sellout.js
//
// Env: BASE_URL, STAFF_TOKEN (admin JWT for confirm-transfer), PROFILE, RATE, DURATION,
// MAX_VUS, PAYPAL_SHARE (0..1, default 0.3), PAYPAL_APPROVE_URL (an endpoint approving a
// fake PayPal order by ?token=, when the approve link itself cannot be followed),
// WHATSAPP_SHARE (buyers choosing WhatsApp for their numbers, 0..1, default 0.8; the rest
// SMS), CUSTOM_SHARE, ABANDON_SHARE (buyers who never pay, default 0), STOP_WHEN_SOLD_OUT=1
// (end the run once every number is paid), P95_MS / P99_MS, SUMMARY_PATH, LOG_ORDERS=1
// (print `order-accepted <purchaseId> <quantity>` for every 201 of create-order),
// RAFFLES (raffles on sale side by side and the share of buyers each gets, e.g.
// `-:0.6,rifa-express:0.4`: `-` is the featured raffle through the SPEC §7 paths the home
// page calls, anything else a raffle's id or slug through /api/raffles/{raffle}/…; default
// `-:1`, the featured raffle alone).
import http from 'k6/http';
import { check, fail } from 'k6';
import exec from 'k6/execution';
import { Counter, Rate } from 'k6/metrics';
import { buyerScenario, latencyLimits, profileName } from './lib/profiles.js';
import {
  addressFor,
  chooseMethod,
  chooseQuantity,
  customQuantity,
  newBuyer,
  orderPayload,
} from './lib/buyers.js';

const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:3000').replace(/\/$/, '');
const STAFF_TOKEN = __ENV.STAFF_TOKEN || '';
const ABANDON_SHARE = Number(__ENV.ABANDON_SHARE || 0);
const STOP_WHEN_SOLD_OUT = __ENV.STOP_WHEN_SOLD_OUT === '1';
const LOG_ORDERS = __ENV.LOG_ORDERS === '1';
const JSON_HEADERS = { 'Content-Type': 'application/json' };
const RAFFLES = parseRaffles(__ENV.RAFFLES || '-:1');

const unexpected = new Rate('unexpected_errors');
const ordersCreated = new Counter('orders_created');
const purchasesPaid = new Counter('purchases_paid');
const numbersPaid = new Counter('numbers_paid');
const soldOutAnswers = new Counter('sold_out_answers');
const leftoverOrders = new Counter('leftover_orders');

const { p95, p99 } = latencyLimits();

export const options = {
  scenarios: { buyers: buyerScenario('buyer') },
  thresholds: {
    unexpected_errors: ['rate<0.01'],
    checks: ['rate>0.99'],
    'http_req_duration{name:create-order}': [`p(95)<${p95}`, `p(99)<${p99}`],
    'http_req_duration{name:home-progress}': [`p(95)<${p95 * 2}`],
    // Tagged sub-metrics only reach the summary when a threshold names them.
    'http_reqs{name:create-order}': ['count>0'],
    'http_reqs{name:home-progress}': ['count>0'],
    'http_reqs{name:home-lottery}': ['count>0'],
    'http_reqs{name:home-packages}': ['count>0'],
    'http_req_duration{name:home-lottery}': [`p(95)<${p95 * 2}`],
    'http_req_duration{name:confirm-transfer}': [`p(95)<${p95 * 3}`],
    'http_req_duration{name:capture-order}': [`p(95)<${p95 * 3}`],
    purchases_paid: ['count>0'],
    // Each raffle's create-order latency in the summary when several are on sale.
    ...(RAFFLES.length > 1
      ? Object.fromEntries(
          RAFFLES.map((r) => [
            `http_req_duration{name:create-order,raffle:${r.tag}}`,
            [`p(95)<${p95}`],
          ]),
        )
      : {}),
  },
  summaryTrendStats: ['avg', 'min', 'med', 'p(90)', 'p(95)', 'p(99)', 'max', 'count'],
};

// The sold-out answer is part of the script: 409 is an expected status.
http.setResponseCallback(http.expectedStatuses({ min: 200, max: 299 }, 409));

export function setup() {
  const health = http.get(`${BASE_URL}/api/health`, { tags: { name: 'health' } });
  if (health.status !== 200 || health.json('status') !== 'ok') {
    fail(`${BASE_URL}/api/health is not ok (${health.status}): ${health.body}`);
  }
  if (!STAFF_TOKEN && Number(__ENV.PAYPAL_SHARE ?? 0.3) < 1)
    fail('STAFF_TOKEN is required to confirm bank transfers');
  const raffles = RAFFLES.map((raffle) => {
    const tags = { raffle: raffle.tag };
    const lottery = http.get(`${raffle.api}/lottery`, { tags: { ...tags, name: 'home-lottery' } });
    const packages = http.get(`${raffle.api}/packages`, {
      tags: { ...tags, name: 'home-packages' },
    });
    if (lottery.status !== 200 || packages.status !== 200) {
      fail(
        `raffle ${raffle.tag} not set up: lottery ${lottery.status}, packages ${packages.status}`,
      );
    }
    return { pricePerNumber: Number(lottery.json('pricePerNumber')), packages: packages.json() };
  });
  return { raffles };
}

export function buyer(data) {
  const which = pickRaffle();
  const raffle = RAFFLES[which];
  const { pricePerNumber } = data.raffles[which];
  const tags = { raffle: raffle.tag };
  const home = http.batch([
    ['GET', `${raffle.api}/lottery`, null, { tags: { ...tags, name: 'home-lottery' } }],
    [
      'GET',
      `${raffle.api}/raffle/raffle-progress`,
      null,
      { tags: { ...tags, name: 'home-progress' } },
    ],
    ['GET', `${raffle.api}/packages`, null, { tags: { ...tags, name: 'home-packages' } }],
  ]);
  const homeOk = check(home, { 'home data loads': (rs) => rs.every((r) => r.status === 200) });
  unexpected.add(!homeOk);
  if (!homeOk) return;
  const packages = safeJson(home[2]) || data.raffles[which].packages;

  const method = chooseMethod();
  const uid = `${exec.vu.idInTest}-${exec.vu.iterationInScenario}-${Date.now()}`;
  // Each buyer is one person (own cédula) on their own connection, as in a real sale: the
  // api runs with TRUST_PROXY, so the purchase limits per address see this X-Forwarded-For.
  const serial = exec.vu.idInTest * 100_000 + exec.vu.iterationInScenario;
  let choice = chooseQuantity(packages, pricePerNumber);
  let order = createOrder(raffle, choice, uid, method, serial);
  // "Solo quedan n números": the buyer takes what is left instead.
  const left = order.status === 409 ? leftover(order) : 0;
  if (left > 0) {
    leftoverOrders.add(1);
    choice = customQuantity(left, pricePerNumber);
    order = createOrder(raffle, choice, `${uid}-r`, method, serial);
  }
  if (order.status === 409) {
    soldOutAnswers.add(1);
    check(order, {
      'sold out is answered in Spanish': (r) => typeof safeJson(r)?.msg === 'string',
    });
    if (STOP_WHEN_SOLD_OUT) stopWhenAllPaid();
    return;
  }
  const created = check(order, {
    'create-order answers 2xx': (r) => r.status >= 200 && r.status < 300,
  });
  unexpected.add(!created);
  if (!created) return;
  ordersCreated.add(1);
  const body = safeJson(order) || {};
  // The chaos sellout checks afterwards that every accepted order ended paid or expired.
  if (LOG_ORDERS) console.log(`order-accepted ${body.purchaseId} ${choice.quantity}`);
  if (Math.random() < ABANDON_SHARE) return;

  const paid = method === 'paypal' ? payWithPaypal(body) : confirmTransfer(body.purchaseId);
  unexpected.add(!paid);
  if (paid) {
    purchasesPaid.add(1);
    numbersPaid.add(choice.quantity);
  }
}

function createOrder(raffle, choice, uid, method, serial) {
  const provider = method === 'paypal' ? 'paypal' : 'bank_transfer';
  const payload = orderPayload(choice, newBuyer(uid, provider, serial), method);
  return http.post(`${raffle.api}/payments/create-order`, JSON.stringify(payload), {
    headers: { ...JSON_HEADERS, 'X-Forwarded-For': addressFor(serial) },
    tags: { name: 'create-order', method, raffle: raffle.tag },
  });
}

/** `-:0.6,rifa-express:0.4` → each raffle's api prefix, tag and cumulative share. */
function parseRaffles(text) {
  let upTo = 0;
  const raffles = text.split(',').map((entry) => {
    const [ref, share] = entry.split(':');
    const featured = ref === '-';
    upTo += Number(share ?? 1);
    return {
      tag: featured ? 'featured' : ref,
      api: featured ? `${BASE_URL}/api` : `${BASE_URL}/api/raffles/${encodeURIComponent(ref)}`,
      upTo,
    };
  });
  return raffles.map((r) => ({ ...r, upTo: r.upTo / upTo }));
}

/** The raffle this buyer came for, by the shares of RAFFLES. */
function pickRaffle() {
  const x = Math.random();
  const i = RAFFLES.findIndex((r) => x < r.upTo);
  return i === -1 ? RAFFLES.length - 1 : i;
}

/** The n of "Solo quedan n números disponibles.", 0 for a plain sold-out answer. */
function leftover(res) {
  const match = /Solo quedan? (\d+)/.exec(safeJson(res)?.msg || '');
  return match ? Number(match[1]) : 0;
}

function confirmTransfer(purchaseId) {
  const res = http.patch(
    `${BASE_URL}/api/purchases/${purchaseId}/confirm-transfer`,
    JSON.stringify({ referenceCode: `REF-${purchaseId.slice(0, 8)}`, bankName: 'Banco Pichincha' }),
    {
      headers: { ...JSON_HEADERS, Authorization: `Bearer ${STAFF_TOKEN}` },
      tags: { name: 'confirm-transfer' },
    },
  );
  return check(res, { 'staff confirms the transfer': (r) => r.status === 200 });
}

function payWithPaypal(body) {
  const orderId = /[?&]token=([^&]+)/.exec(body.approveUrl || '')?.[1];
  if (!check(orderId, { 'PayPal approve link has a token': (t) => Boolean(t) })) return false;
  // The buyer approves on PayPal's page (the fake's), then returns to our capture call.
  const approveUrl = __ENV.PAYPAL_APPROVE_URL
    ? `${__ENV.PAYPAL_APPROVE_URL}?token=${orderId}`
    : body.approveUrl;
  const approved = http.get(approveUrl, { redirects: 0, tags: { name: 'paypal-approve' } });
  if (!check(approved, { 'PayPal approves': (r) => r.status >= 200 && r.status < 400 }))
    return false;
  const res = http.post(`${BASE_URL}/api/payments/capture-order`, JSON.stringify({ orderId }), {
    headers: JSON_HEADERS,
    tags: { name: 'capture-order' },
  });
  return check(res, {
    'PayPal capture completes the purchase': (r) =>
      r.status === 200 && safeJson(r)?.status === 'COMPLETED',
  });
}

/** Ends the run once every raffle's page shows every number sold (bench mode). */
function stopWhenAllPaid() {
  const soldOut = RAFFLES.every((raffle) => {
    const res = http.get(`${raffle.api}/raffle/raffle-progress`, {
      tags: { name: 'home-progress', raffle: raffle.tag },
    });
    const progress = safeJson(res);
    return progress && progress.total > 0 && progress.assigned >= progress.total;
  });
  if (soldOut) exec.test.abort('sold out: every number is paid');
}

function safeJson(res) {
  try {
    return res.json();
  } catch {
    return null;
  }
}

export function handleSummary(data) {
  const path = __ENV.SUMMARY_PATH || `loadtests/out/sellout-${profileName()}.json`;
  const m = data.metrics;
  const trend = (name) => m[name]?.values;
  const rate = (name) => m[name]?.values?.rate;
  const compact = {
    profile: profileName(),
    baseUrl: BASE_URL,
    durationMs: data.state.testRunDurationMs,
    ordersCreated: m.orders_created?.values.count ?? 0,
    purchasesPaid: m.purchases_paid?.values.count ?? 0,
    numbersPaid: m.numbers_paid?.values.count ?? 0,
    soldOutAnswers: m.sold_out_answers?.values.count ?? 0,
    // Buyers k6 could not start: every VU was busy (confirmations waiting for their
    // numbers, or VUs k6 was still building).
    droppedIterations: m.dropped_iterations?.values.count ?? 0,
    leftoverOrders: m.leftover_orders?.values.count ?? 0,
    unexpectedErrorRate: m.unexpected_errors?.values.rate ?? 0,
    createOrderMs: trend('http_req_duration{name:create-order}'),
    // Several raffles on sale: each one's create-order latency, by its tag.
    raffles: Object.fromEntries(
      RAFFLES.map((r) => [
        r.tag,
        { createOrderMs: trend(`http_req_duration{name:create-order,raffle:${r.tag}}`) },
      ]),
    ),
    progressMs: trend('http_req_duration{name:home-progress}'),
    lotteryMs: trend('http_req_duration{name:home-lottery}'),
    requestsPerSecond: {
      all: rate('http_reqs'),
      createOrder: rate('http_reqs{name:create-order}'),
      progress: rate('http_reqs{name:home-progress}'),
      lottery: rate('http_reqs{name:home-lottery}'),
      packages: rate('http_reqs{name:home-packages}'),
    },
    thresholds: Object.fromEntries(
      Object.entries(m)
        .filter(([, v]) => v.thresholds)
        .map(([k, v]) => [k, Object.values(v.thresholds).every((t) => t.ok)]),
    ),
  };
  const ms = (t) =>
    t
      ? `p50 ${t.med.toFixed(1)} / p95 ${t['p(95)'].toFixed(1)} / p99 ${t['p(99)'].toFixed(1)} ms`
      : 'n/a';
  const text = [
    `sellout (${compact.profile}) against ${BASE_URL}: ${(compact.durationMs / 1000).toFixed(1)} s`,
    `  orders ${compact.ordersCreated}, paid ${compact.purchasesPaid} (${compact.numbersPaid} numbers), sold-out answers ${compact.soldOutAnswers}`,
    `  create-order ${ms(compact.createOrderMs)}; raffle-progress ${ms(compact.progressMs)}`,
    `  unexpected error rate ${(compact.unexpectedErrorRate * 100).toFixed(2)} %`,
    `  thresholds: ${Object.entries(compact.thresholds)
      .map(([k, ok]) => `${ok ? 'ok' : 'FAILED'} ${k}`)
      .join(', ')}`,
    '',
  ].join('\n');
  return { stdout: text, [path]: JSON.stringify({ ...compact, k6: data }, null, 2) };
}
