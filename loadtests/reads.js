// Read throughput of the home page's hottest calls: VUS visitors (closed model: each
// asks again as soon as answered) poll the progress bar and the draw for DURATION s.
//   k6 run -e BASE_URL=http://127.0.0.1:3000 -e VUS=20 -e DURATION=15 loadtests/reads.js
import http from 'k6/http';
import { check, fail } from 'k6';

const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:3000').replace(/\/$/, '');

export const options = {
  scenarios: {
    visitors: {
      executor: 'constant-vus',
      vus: Number(__ENV.VUS || 20),
      duration: `${__ENV.DURATION || 15}s`,
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_reqs{name:progress}': ['count>0'],
    'http_reqs{name:lottery}': ['count>0'],
    'http_req_duration{name:progress}': ['p(95)<1000'],
    'http_req_duration{name:lottery}': ['p(95)<1000'],
  },
  summaryTrendStats: ['avg', 'med', 'p(95)', 'p(99)', 'max'],
};

export function setup() {
  const health = http.get(`${BASE_URL}/api/health`);
  if (health.status !== 200) fail(`${BASE_URL}/api/health is not ok (${health.status})`);
}

export default function () {
  const progress = http.get(`${BASE_URL}/api/raffle/raffle-progress`, {
    tags: { name: 'progress' },
  });
  const lottery = http.get(`${BASE_URL}/api/lottery`, { tags: { name: 'lottery' } });
  check(progress, { 'progress answers 200': (r) => r.status === 200 });
  check(lottery, { 'lottery answers 200': (r) => r.status === 200 });
}

export function handleSummary(data) {
  const m = data.metrics;
  const out = {
    progressPerSecond: m['http_reqs{name:progress}']?.values.rate ?? 0,
    lotteryPerSecond: m['http_reqs{name:lottery}']?.values.rate ?? 0,
    progressMs: m['http_req_duration{name:progress}']?.values,
    lotteryMs: m['http_req_duration{name:lottery}']?.values,
    failedRate: m.http_req_failed?.values.rate ?? 0,
  };
  const text = `reads: progress ${out.progressPerSecond.toFixed(0)} req/s, lottery ${out.lotteryPerSecond.toFixed(0)} req/s\n`;
  return {
    stdout: text,
    [__ENV.SUMMARY_PATH || 'loadtests/out/reads.json']: JSON.stringify(out, null, 2),
  };
}
