// The api's cost of a JSON POST: VUS clients (closed model) send create-order bodies whose
// amount does not match, for DURATION s. Each is read, validated and refused after one
// store read ("El monto no coincide…"), so nothing is sold; the api's CPU over the run
// divided by the requests is what a POST costs its body handling and validation. Start the
// api with the per-address order limit out of the way, or all but 30 a minute get 429:
//   CREATE_ORDER_LIMIT_PER_MINUTE=10000000 CREATE_ORDER_ADDRESS_LIMIT_PER_MINUTE=10000000 npm start
//   k6 run -e BASE_URL=http://127.0.0.1:3000 -e VUS=10 -e DURATION=15 loadtests/posts.js
import http from 'k6/http';
import { check, fail } from 'k6';
import { customQuantity, newBuyer, orderPayload } from './lib/buyers.js';

const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:3000').replace(/\/$/, '');

export const options = {
  scenarios: {
    clients: {
      executor: 'constant-vus',
      vus: Number(__ENV.VUS || 10),
      duration: `${__ENV.DURATION || 15}s`,
    },
  },
  thresholds: { checks: ['rate>0.99'] },
  summaryTrendStats: ['avg', 'med', 'p(95)', 'p(99)', 'max'],
};

// A custom order of 2 numbers whose total says 99: refused, whatever a number costs.
const body = JSON.stringify({
  ...orderPayload(customQuantity(2, 1.5), newBuyer('posts', 'bank_transfer'), 'bank_transfer'),
  totalPrice: 99,
});

export function setup() {
  const health = http.get(`${BASE_URL}/api/health`);
  if (health.status !== 200) fail(`${BASE_URL}/api/health is not ok (${health.status})`);
}

export default function () {
  const res = http.post(`${BASE_URL}/api/payments/create-order`, body, {
    headers: { 'content-type': 'application/json' },
  });
  check(res, { 'refused for its amount': (r) => r.status === 400 });
}
