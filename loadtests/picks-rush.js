// The pick-your-numbers rush: buyers of a raffle in 'pick' mode choose numbers and order
// them by bank transfer, which a staff client confirms. Its shapes (RUSH):
//   contest  500 buyers at once, each wanting 1–3 of the same 50 numbers (0…49)
//   grid     5 000 buyers over a 10 000-number grid: half choose 1–5 numbers of their
//            own, half ask the maquinita (POST lucky-numbers) and order what it gives
//   free     BUYERS buyers (default 1 800) who each look at the grid and choose 1–5 free
//            numbers (no two buyers want the same one) of a 10 000-number raffle
//   random   the same buyers, the same quantities and payment, on a random-mode raffle:
//            the baseline the pick shapes are set beside (bench/picks-run.ts, 'pace')
// With RATE, buyers arrive at RATE a second (k6's constant arrival rate, as the sellout's);
// without, all of them start at once (a closed-loop crowd of MAX_VUS).
// A 409 must name taken numbers, every one among the buyer's choice (numbersTakenErrorSchema);
// nothing else is expected. That no number is held or sold twice is the audit's to say
// afterwards (core/src/audit/invariants.ts, its 'picks' and I1 checks), as for the sellout.
//
//   k6 run -e BASE_URL=http://127.0.0.1:3000 -e STAFF_TOKEN=… -e RUSH=contest loadtests/picks-rush.js
//
// Env: BASE_URL, STAFF_TOKEN (admin JWT for confirm-transfer), RUSH (contest | grid | free
// | random), RAFFLE (id or slug of the raffle, default the featured one), RATE, BUYERS,
// MAX_VUS, P95_MS.
import http from 'k6/http';
import { check, fail } from 'k6';
import exec from 'k6/execution';
import { Counter, Rate } from 'k6/metrics';
import { addressFor, customQuantity, newBuyer, orderPayload } from './lib/buyers.js';

const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:3000').replace(/\/$/, '');
const STAFF_TOKEN = __ENV.STAFF_TOKEN || '';
const RUSH = __ENV.RUSH || 'contest';
const API = __ENV.RAFFLE
  ? `${BASE_URL}/api/raffles/${encodeURIComponent(__ENV.RAFFLE)}`
  : `${BASE_URL}/api`;
const P95 = Number(__ENV.P95_MS || 2000);
const JSON_HEADERS = { 'Content-Type': 'application/json' };

const RATE = Number(__ENV.RATE || 0);
const PACE_BUYERS = Number(__ENV.BUYERS || 1800);

// choose: 'own' at random among `numbers`, 'free' disjoint per buyer, 'none' (random mode).
const SHAPES = {
  contest: { buyers: 500, numbers: 50, most: 3, machineShare: 0, choose: 'own' },
  grid: { buyers: 5000, numbers: 10_000, most: 5, machineShare: 0.5, choose: 'own' },
  free: { buyers: PACE_BUYERS, numbers: 10_000, most: 5, machineShare: 0, choose: 'free' },
  random: { buyers: PACE_BUYERS, numbers: 0, most: 5, machineShare: 0, choose: 'none' },
};
const shape = SHAPES[RUSH] || fail(`RUSH must be one of ${Object.keys(SHAPES).join(', ')}`);
if (shape.choose === 'free' && shape.buyers * shape.most > shape.numbers)
  fail(`${shape.buyers} buyers of up to ${shape.most} numbers do not fit ${shape.numbers}`);
const MAX_VUS = Number(__ENV.MAX_VUS || 500);

const unexpected = new Rate('unexpected_errors');
const numbersWon = new Counter('numbers_won');
const numbersRefused = new Counter('numbers_refused');
const takenAnswers = new Counter('taken_answers');
const ordersCreated = new Counter('orders_created');

export const options = {
  scenarios: {
    rush: RATE
      ? {
          executor: 'constant-arrival-rate',
          rate: RATE,
          timeUnit: '1s',
          duration: `${Math.ceil((1000 * shape.buyers) / RATE)}ms`,
          preAllocatedVUs: Math.min(MAX_VUS, RATE * 2),
          maxVUs: MAX_VUS,
        }
      : {
          executor: 'shared-iterations',
          vus: Math.min(shape.buyers, MAX_VUS),
          iterations: shape.buyers,
          maxDuration: '20m',
        },
  },
  thresholds: {
    unexpected_errors: ['rate<0.01'],
    checks: ['rate>0.99'],
    'http_req_duration{name:create-order}': [`p(95)<${P95}`],
    'http_reqs{name:create-order}': ['count>0'],
    // Listed so the summary has the maquinita's own latency (none in the contest).
    'http_req_duration{name:lucky-numbers}': ['max>=0'],
    'http_req_duration{name:number-grid}': ['max>=0'],
    'http_req_duration{name:confirm-transfer}': ['max>=0'],
  },
  summaryTrendStats: ['avg', 'min', 'med', 'p(90)', 'p(95)', 'p(99)', 'max', 'count'],
};

// A taken number is part of the rush: 409 is an expected status.
http.setResponseCallback(http.expectedStatuses({ min: 200, max: 299 }, 409));

export function setup() {
  if (!STAFF_TOKEN) fail('STAFF_TOKEN is required to confirm bank transfers');
  const lottery = http.get(`${API}/lottery`);
  if (lottery.status !== 200) fail(`raffle not set up: lottery ${lottery.status}`);
  const grid = http.get(`${API}/number-grid`, { tags: { name: 'number-grid' } });
  const wanted = shape.choose === 'none' ? 'random' : 'pick';
  if (grid.status !== 200 || grid.json('mode') !== wanted)
    fail(`the raffle is not in '${wanted}' mode (${grid.status} ${grid.body})`);
  return {
    pricePerNumber: Number(lottery.json('pricePerNumber')),
    width: grid.json('numberWidth'),
  };
}

export function buyer(data) {
  const serial = exec.vu.idInTest * 100_000 + exec.vu.iterationInScenario;
  const count = 1 + Math.floor(Math.random() * shape.most);
  const numbers = chooseNumbers(count, serial, data);
  if (numbers === null) return;
  const person = newBuyer(`pick-${serial}-${Date.now()}`, 'bank_transfer', serial);
  const order = http.post(
    `${API}/payments/create-order`,
    JSON.stringify({
      ...orderPayload(customQuantity(count, data.pricePerNumber), person, 'bank_transfer'),
      ...(numbers.length > 0 && { numbers }),
    }),
    {
      headers: { ...JSON_HEADERS, 'X-Forwarded-For': addressFor(serial) },
      tags: { name: 'create-order' },
    },
  );
  if (order.status === 409) return refused(order, numbers);
  const created = check(order, { 'create-order answers 201': (r) => r.status === 201 });
  unexpected.add(!created);
  if (!created) return;
  ordersCreated.add(1);
  numbersWon.add(count);
  const confirmed = http.patch(
    `${BASE_URL}/api/purchases/${order.json('purchaseId')}/confirm-transfer`,
    JSON.stringify({ referenceCode: `RUSH-${serial}`, bankName: 'Pichincha' }),
    {
      headers: { ...JSON_HEADERS, Authorization: `Bearer ${STAFF_TOKEN}` },
      tags: { name: 'confirm-transfer' },
    },
  );
  unexpected.add(!check(confirmed, { 'transfer confirmed': (r) => r.status === 200 }));
}

export default buyer;

/** The buyer's numbers as the shape chooses them: [] in random mode, null when none given. */
function chooseNumbers(count, serial, data) {
  if (shape.choose === 'none') return [];
  if (shape.choose === 'free') return freeChoice(count, data);
  return Math.random() < shape.machineShare ? machine(count, serial) : ownChoice(count, data);
}

/**
 * Free numbers, as a buyer who looked at the grid chooses them: the page's grid read (the
 * api's cached one), then numbers no other buyer of the run wants, scattered over the grid
 * (buyer i's slots 5i…5i+4 through a multiplier prime to the raffle's size).
 */
function freeChoice(count, data) {
  const grid = http.get(`${API}/number-grid`, { tags: { name: 'number-grid' } });
  unexpected.add(!check(grid, { 'the grid answers': (r) => r.status === 200 }));
  const i = exec.scenario.iterationInTest;
  const numbers = [];
  for (let j = 0; j < count; j++) {
    const n = ((i * shape.most + j) * 7919) % shape.numbers;
    numbers.push(String(n).padStart(data.width, '0'));
  }
  return numbers;
}

/** The buyer's own numbers: distinct, at random among the shape's numbers. */
function ownChoice(count, data) {
  const chosen = new Set();
  while (chosen.size < count)
    chosen.add(String(Math.floor(Math.random() * shape.numbers)).padStart(data.width, '0'));
  return [...chosen];
}

/** The maquinita's numbers; a grid with too few free numbers left answers 409. */
function machine(count, serial) {
  // From the buyer's own address, as a phone would: the maquinita is rate-limited per address.
  const res = http.post(`${API}/lucky-numbers`, JSON.stringify({ count }), {
    headers: { ...JSON_HEADERS, 'X-Forwarded-For': addressFor(serial) },
    tags: { name: 'lucky-numbers' },
  });
  if (res.status === 409) return null;
  unexpected.add(!check(res, { 'maquinita answers': (r) => r.status === 200 }));
  return res.status === 200 ? res.json('numbers') : null;
}

/** A 409 names the taken numbers, all of them the buyer's own choice. */
function refused(order, numbers) {
  takenAnswers.add(1);
  let body = null;
  try {
    body = order.json();
  } catch {
    body = null;
  }
  const taken = (body && body.takenNumbers) || [];
  const told = check(order, {
    'a refused buyer is told which numbers were taken': () =>
      taken.length > 0 && taken.every((n) => numbers.includes(n)) && typeof body.error === 'string',
  });
  unexpected.add(!told);
  numbersRefused.add(taken.length);
}

/** The figures bench/picks-run.ts reads: orders and numbers won or refused, latencies. */
export function handleSummary(data) {
  const m = data.metrics;
  const count = (name) => m[name]?.values?.count ?? 0;
  const trend = (name) => m[name]?.values ?? null;
  const summary = {
    rush: RUSH,
    buyers: shape.buyers,
    durationMs: data.state.testRunDurationMs,
    ordersCreated: count('orders_created'),
    numbersWon: count('numbers_won'),
    numbersRefused: count('numbers_refused'),
    takenAnswers: count('taken_answers'),
    unexpectedErrorRate: m.unexpected_errors?.values?.rate ?? 0,
    checksRate: m.checks?.values?.rate ?? 0,
    createOrderMs: trend('http_req_duration{name:create-order}'),
    luckyNumbersMs: trend('http_req_duration{name:lucky-numbers}'),
    numberGridMs: trend('http_req_duration{name:number-grid}'),
    confirmTransferMs: trend('http_req_duration{name:confirm-transfer}'),
    rate: RATE,
    // Buyers k6 could not start because every VU was busy (arrival rate only).
    droppedIterations: count('dropped_iterations'),
    createOrders: count('http_reqs{name:create-order}'),
    thresholds: Object.fromEntries(
      Object.entries(m)
        .filter(([, v]) => v.thresholds)
        .map(([k, v]) => [k, Object.values(v.thresholds).every((t) => t.ok)]),
    ),
  };
  return {
    [__ENV.SUMMARY_PATH || 'loadtests/out/picks-rush.json']: JSON.stringify(summary, null, 2),
    stdout: `${JSON.stringify(summary, null, 2)}\n`,
  };
}
