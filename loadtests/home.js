// Read throughput of the home page's server-rendered HTML: VUS visitors (closed model:
// each asks again as soon as answered, brotli accepted like a browser) for DURATION s.
// With ADMIN_EMAIL and ADMIN_PASSWORD an admin renames the raffle every 2 s meanwhile,
// and the very next request must show the new name.
//   k6 run -e BASE_URL=http://127.0.0.1:3000 -e VUS=20 -e DURATION=20 \
//     -e ADMIN_EMAIL=admin@voyaganar.ec -e ADMIN_PASSWORD=Admin123! loadtests/home.js
import http from 'k6/http';
import { check, fail, sleep } from 'k6';
import { Counter } from 'k6/metrics';

const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:3000').replace(/\/$/, '');
const DURATION = `${__ENV.DURATION || 20}s`;
const withStaff = Boolean(__ENV.ADMIN_EMAIL && __ENV.ADMIN_PASSWORD);
const staleAfterChange = new Counter('stale_after_change');

const scenarios = {
  visitors: {
    executor: 'constant-vus',
    exec: 'visitor',
    vus: Number(__ENV.VUS || 20),
    duration: DURATION,
  },
};
if (withStaff) {
  scenarios.staff = { executor: 'constant-vus', exec: 'staff', vus: 1, duration: DURATION };
}

export const options = {
  scenarios,
  thresholds: {
    http_req_failed: ['rate<0.01'],
    checks: ['rate>0.99'],
    'http_req_duration{name:home}': ['p(95)<50', 'p(99)<100'],
    'http_reqs{name:home}': ['rate>=2000'],
    stale_after_change: ['count==0'],
    // Listed so that the summary reports them.
    'http_reqs{name:staff-change}': ['count>=0'],
  },
  summaryTrendStats: ['avg', 'med', 'p(95)', 'p(99)', 'max'],
};

export function setup() {
  const health = http.get(`${BASE_URL}/api/health`);
  if (health.status !== 200) fail(`${BASE_URL}/api/health is not ok (${health.status})`);
  if (!withStaff) return {};
  const login = http.post(
    `${BASE_URL}/api/admin/login`,
    JSON.stringify({ email: __ENV.ADMIN_EMAIL, password: __ENV.ADMIN_PASSWORD }),
    { headers: { 'content-type': 'application/json' } },
  );
  if (login.status !== 200) fail(`admin login answered ${login.status}`);
  const raffle = http.get(`${BASE_URL}/api/lottery`).json();
  return { token: login.json('token'), raffle };
}

export function visitor() {
  const res = http.get(`${BASE_URL}/`, {
    headers: { 'accept-encoding': 'br, gzip' },
    tags: { name: 'home' },
  });
  check(res, {
    'home answers 200': (r) => r.status === 200,
    'home carries the raffle': (r) => r.body.includes('hero-title'),
  });
}

export function staff(data) {
  const name = `${data.raffle.name.replace(/ · \d+$/, '')} · ${Date.now() % 100000}`;
  const put = http.put(
    `${BASE_URL}/api/lottery`,
    JSON.stringify({
      name,
      prize: data.raffle.prize,
      pricePerNumber: data.raffle.pricePerNumber,
      imageUrl: data.raffle.imageUrl,
      endDate: data.raffle.endDate,
    }),
    {
      headers: { 'content-type': 'application/json', authorization: `Bearer ${data.token}` },
      tags: { name: 'staff-change' },
    },
  );
  check(put, { 'staff change saved': (r) => r.status === 200 });
  const next = http.get(`${BASE_URL}/`, { tags: { name: 'after-change' } });
  if (!next.body.includes(name)) staleAfterChange.add(1);
  sleep(2);
}

export function teardown(data) {
  if (!data.raffle) return;
  http.put(`${BASE_URL}/api/lottery`, JSON.stringify({ ...pick(data.raffle) }), {
    headers: { 'content-type': 'application/json', authorization: `Bearer ${data.token}` },
  });
}

function pick(r) {
  return {
    name: r.name,
    prize: r.prize,
    pricePerNumber: r.pricePerNumber,
    imageUrl: r.imageUrl,
    endDate: r.endDate,
  };
}

export function handleSummary(data) {
  const m = data.metrics;
  const out = {
    homePerSecond: m['http_reqs{name:home}']?.values.rate ?? 0,
    homeMs: m['http_req_duration{name:home}']?.values,
    failedRate: m.http_req_failed?.values.rate ?? 0,
    staleAfterChange: m.stale_after_change?.values.count ?? 0,
    staffChanges: withStaff ? (m['http_reqs{name:staff-change}']?.values.count ?? 0) : null,
  };
  const ms = out.homeMs ?? {};
  const text =
    `home: ${out.homePerSecond.toFixed(0)} req/s, p95 ${(ms['p(95)'] ?? 0).toFixed(1)} ms, ` +
    `p99 ${(ms['p(99)'] ?? 0).toFixed(1)} ms, failed ${(out.failedRate * 100).toFixed(2)} %` +
    (withStaff
      ? `, ${out.staffChanges} staff changes, ${out.staleAfterChange} stale answers after one\n`
      : '\n');
  return {
    stdout: text,
    [__ENV.SUMMARY_PATH || 'loadtests/out/home.json']: JSON.stringify(out, null, 2),
  };
}
