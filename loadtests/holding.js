// The holding attack: strangers try to hold a raffle with unpaid bank-transfer orders
// while honest buyers sell it out. One address, and ten addresses, each send made-up
// buyers (own e-mail, phone and valid cédula every time) asking for the most one order may
// take, then less and less until even one number is refused, and never paying; honest
// buyers (each on their own address, as sellout.js) order and pay. The purchase limits
// (Ajustes → Límites de compra, defaults) must keep the attackers to a small share and
// leave the honest buyers' create-order as fast as before the attack started. In a raffle
// where buyers choose their numbers (RAFFLE in 'pick' mode) the attackers choose numbers
// at random among those not yet taken.
//
//   k6 run -e BASE_URL=… -e STAFF_TOKEN=… loadtests/holding.js   (api with TRUST_PROXY=true)
//
// Env: BASE_URL, STAFF_TOKEN (confirms the honest transfers), RAFFLE (id or slug, default
// the featured raffle), RATE (honest buyers/s, default 20; 0: attackers alone), ATTACK_RATE
// (orders/s of each attacker group, default 10; 0 runs the honest sale alone, the
// comparison for its latency), ATTACK_START (seconds of honest buying before the attack,
// default 10), DURATION (seconds in all, default 60), SUMMARY_PATH.
import http from 'k6/http';
import { check, fail } from 'k6';
import exec from 'k6/execution';
import { Counter, Trend } from 'k6/metrics';
import {
  addressFor,
  chooseQuantity,
  customQuantity,
  newBuyer,
  orderPayload,
} from './lib/buyers.js';

const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:3000').replace(/\/$/, '');
const API = __ENV.RAFFLE
  ? `${BASE_URL}/api/raffles/${encodeURIComponent(__ENV.RAFFLE)}`
  : `${BASE_URL}/api`;
const STAFF_TOKEN = __ENV.STAFF_TOKEN || '';
const num = (name, fallback) => (__ENV[name] ? Number(__ENV[name]) : fallback);
const RATE = num('RATE', 20);
const ATTACK_RATE = num('ATTACK_RATE', 10);
const ATTACK_START = num('ATTACK_START', 10);
const DURATION = num('DURATION', 60);
const JSON_HEADERS = { 'Content-Type': 'application/json' };
const ONE_ADDRESS = '203.0.113.66';
const TEN_ADDRESSES = Array.from({ length: 10 }, (_, i) => `198.51.100.${i + 1}`);

const honestOrderMs = new Trend('honest_order_ms', true);
const honestNumbersPaid = new Counter('honest_numbers_paid');
const honestRefused = new Counter('honest_refused');
const heldOne = new Counter('held_one_address');
const heldTen = new Counter('held_ten_addresses');
const attackRefused = new Counter('attack_refused');
const remainderLeaked = new Counter('remainder_leaked');

const attack = (exec) => ({
  executor: 'constant-arrival-rate',
  exec,
  rate: ATTACK_RATE,
  timeUnit: '1s',
  startTime: `${ATTACK_START}s`,
  duration: `${DURATION - ATTACK_START}s`,
  preAllocatedVUs: 5,
  maxVUs: 50,
});

export const options = {
  scenarios: {
    ...(RATE > 0
      ? {
          honest: {
            executor: 'constant-arrival-rate',
            exec: 'honest',
            rate: RATE,
            timeUnit: '1s',
            duration: `${DURATION}s`,
            preAllocatedVUs: Math.max(4, RATE),
            maxVUs: 200,
          },
        }
      : {}),
    // ATTACK_RATE=0: the same honest sale with nobody attacking, to compare its latency.
    ...(ATTACK_RATE > 0
      ? { oneAddress: attack('oneAddress'), tenAddresses: attack('tenAddresses') }
      : {}),
  },
  thresholds: {
    'honest_order_ms{phase:quiet}': ['p(95)>=0'],
    'honest_order_ms{phase:attack}': ['p(95)>=0'],
    remainder_leaked: ['count==0'],
  },
  summaryTrendStats: ['avg', 'med', 'p(95)', 'p(99)', 'max', 'count'],
};

http.setResponseCallback(http.expectedStatuses({ min: 200, max: 299 }, 400, 409, 429));

export function setup() {
  const lottery = http.get(`${API}/lottery`);
  const packages = http.get(`${API}/packages`);
  const settings = http.get(`${BASE_URL}/api/settings`);
  const grid = http.get(`${API}/number-grid`);
  if (lottery.status !== 200 || packages.status !== 200 || settings.status !== 200)
    fail(`raffle not set up: ${lottery.status} ${packages.status} ${settings.status}`);
  if (!STAFF_TOKEN) fail('STAFF_TOKEN is required to confirm the honest transfers');
  const maxPerOrder = Number(settings.json('maxPerOrder'));
  if (!(maxPerOrder > 0)) fail('the per-order maximum is off: nothing to measure');
  const pick = grid.status === 200 && grid.json('mode') === 'pick';
  if (pick && RATE > 0) fail('honest buyers of a pick raffle are not simulated here: RATE=0');
  return {
    pricePerNumber: Number(lottery.json('pricePerNumber')),
    packages: packages.json(),
    maxPerOrder,
    pick: pick
      ? { total: Number(lottery.json('totalNumbers')), width: grid.json('numberWidth') }
      : null,
  };
}

const serialOf = (offset) => offset + exec.vu.idInTest * 100_000 + exec.vu.iterationInScenario;

export function honest(data) {
  const serial = serialOf(0);
  const phase = exec.instance.currentTestRunDuration < ATTACK_START * 1000 ? 'quiet' : 'attack';
  let choice = chooseQuantity(data.packages, data.pricePerNumber);
  let res = order(choice, `h-${serial}`, serial, addressFor(serial), phase);
  const left = /Solo quedan? (\d+)/.exec(res.json('msg') || '');
  if (res.status === 409 && left) {
    choice = customQuantity(Number(left[1]), data.pricePerNumber);
    res = order(choice, `h-${serial}-r`, serial, addressFor(serial), phase);
  }
  if (res.status !== 201) {
    honestRefused.add(1);
    return;
  }
  const confirmed = http.patch(
    `${BASE_URL}/api/purchases/${res.json('purchaseId')}/confirm-transfer`,
    JSON.stringify({ referenceCode: `REF-${serial}`, bankName: 'Banco Pichincha' }),
    { headers: { ...JSON_HEADERS, Authorization: `Bearer ${STAFF_TOKEN}` } },
  );
  if (check(confirmed, { 'staff confirms the honest transfer': (r) => r.status === 200 }))
    honestNumbersPaid.add(choice.quantity);
}

export function oneAddress(data) {
  grab(data, ONE_ADDRESS, heldOne, 50_000_000);
}

export function tenAddresses(data) {
  // Round robin over the group's iterations (a VU's own count would leave a slow run's
  // VUs, each with a few iterations, on the first addresses only).
  const turn = exec.scenario.iterationInTest;
  grab(data, TEN_ADDRESSES[turn % TEN_ADDRESSES.length], heldTen, 90_000_000);
}

/**
 * A made-up buyer asks for everything (the answer must not tell the remainder), then for
 * the most one order may take, then for less and less until one order goes through or
 * even one number is refused; never pays.
 */
function grab(data, address, held, offset) {
  const serial = serialOf(offset);
  const greedy = order(
    customQuantity(1_000_000_000, data.pricePerNumber),
    `a-${serial}`,
    serial,
    address,
  );
  if (/quedan?\b/.test(greedy.json('msg') || '')) remainderLeaked.add(1);
  for (const quantity of descending(data.maxPerOrder)) {
    const res = order(
      customQuantity(quantity, data.pricePerNumber),
      `a-${serial}-${quantity}`,
      serial,
      address,
      undefined,
      data.pick,
    );
    if (res.status === 201) return held.add(quantity);
  }
  attackRefused.add(1);
}

/** The per-order maximum, then about half each time, down to 1. */
function descending(max) {
  const sizes = [];
  for (let q = max; q > 1; q = Math.floor(q / 2)) sizes.push(q);
  return [...sizes, 1];
}

/** `count` distinct numbers at random among a pick raffle's, as its grid writes them. */
function randomNumbers(count, pick) {
  const chosen = new Set();
  while (chosen.size < Math.min(count, pick.total))
    chosen.add(String(Math.floor(Math.random() * pick.total)).padStart(pick.width, '0'));
  return [...chosen];
}

function order(choice, uid, serial, address, phase, pick) {
  const payload = orderPayload(choice, newBuyer(uid, 'bank_transfer', serial), 'bank_transfer');
  // A pick raffle's order names its numbers; a taken one is chosen again (three tries).
  for (let tries = 0; ; tries++) {
    const body = pick ? { ...payload, numbers: randomNumbers(choice.quantity, pick) } : payload;
    const res = http.post(`${API}/payments/create-order`, JSON.stringify(body), {
      headers: { ...JSON_HEADERS, 'X-Forwarded-For': address },
      tags: { name: phase ? 'honest-order' : 'attack-order' },
    });
    if (phase) honestOrderMs.add(res.timings.duration, { phase });
    if (!pick || tries === 2 || !res.json('takenNumbers')) return res;
  }
}

export function handleSummary(data) {
  const m = data.metrics;
  const count = (name) => m[name]?.values?.count ?? 0;
  const trend = (name) => m[name]?.values ?? null;
  const summary = {
    durationMs: data.state.testRunDurationMs,
    honestNumbersPaid: count('honest_numbers_paid'),
    honestRefused: count('honest_refused'),
    heldOneAddress: count('held_one_address'),
    heldTenAddresses: count('held_ten_addresses'),
    attackRefused: count('attack_refused'),
    remainderLeaked: count('remainder_leaked'),
    honestOrderMsQuiet: trend('honest_order_ms{phase:quiet}'),
    honestOrderMsAttack: trend('honest_order_ms{phase:attack}'),
  };
  return {
    [__ENV.SUMMARY_PATH || 'loadtests/out/holding.json']: JSON.stringify(summary, null, 2),
    stdout: `${JSON.stringify(summary, null, 2)}\n`,
  };
}
