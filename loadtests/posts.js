// The api's cost of a JSON POST: VUS clients (closed model) send create-order bodies whose
// amount does not match, for DURATION s. Each is read, validated and refused after one
// store read ("El monto no coincide…"), so nothing is sold; the api's CPU over the run
// divided by the requests is what a POST costs its body handling and validation. Start the
// api with the per-address order limit out of the way, or all but 30 a minute get 429:
//   CREATE_ORDER_LIMIT_PER_MINUTE=10000000 npm start
//   k6 run -e BASE_URL=http://127.0.0.1:3000 -e VUS=10 -e DURATION=15 loadtests/posts.js
import http from 'k6/http';
import { check, fail } from 'k6';

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

const email = 'comprador@example.com';
const body = JSON.stringify({
  amount: 3,
  quantity: 2,
  unitPrice: 1.5,
  totalPrice: 99,
  packageId: null,
  resellerCode: null,
  paymentMethod: 'bank_transfer',
  buyer: {
    firstName: 'María',
    lastName: 'Guamán',
    email,
    confirmEmail: email,
    phone: '0991234567',
    country: 'ECUADOR',
    province: 'Pichincha',
    city: 'Quito',
    address: 'Av. Amazonas N24-03',
    document: '1710034065',
    acceptedTerms: true,
    paymentProvider: 'bank_transfer',
  },
  packageData: { name: 'Personalizado', quantity: 2, price: 3 },
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
