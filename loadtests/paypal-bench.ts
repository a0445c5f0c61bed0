// `npx tsx loadtests/paypal-bench.ts`: what a PayPal purchase's two calls (create the
// order, capture it) cost the api through the official SDK, against the local fake in the
// same process: 3 000 pairs, eight at a time, after 300 to warm up. The fake's share is
// small and the same for every version of the client.
import { startFakePayPal } from '@vag/core/testing/fakes/paypal';
import { capturePayPalOrder, createPayPalOrder } from '@vag/api/payments/paypal';

const fake = await startFakePayPal();
const config = { clientId: fake.clientId, clientSecret: fake.clientSecret, baseUrl: fake.url };

async function purchase(id: string): Promise<void> {
  const order = await createPayPalOrder(config, {
    purchaseId: id,
    amount: 5,
    description: 'Paquete Bronce',
    returnUrl: 'http://127.0.0.1/pedido',
    cancelUrl: 'http://127.0.0.1/',
  });
  fake.approve(order.orderId);
  const capture = await capturePayPalOrder(config, order.orderId, id);
  if (capture.kind !== 'captured') throw new Error(`${id}: not captured`);
}

for (let i = 0; i < 300; i++) await purchase(`warm-${i}`);
const purchases = 3_000;
const inFlight = 8;
const started = performance.now();
const cpu = process.cpuUsage();
await Promise.all(
  Array.from({ length: inFlight }, async (_, lane) => {
    for (let i = lane; i < purchases; i += inFlight) await purchase(`bench-${i}`);
  }),
);
const spent = process.cpuUsage(cpu);
console.log(
  `paypal: ${((performance.now() - started) / purchases).toFixed(2)} ms wall, ${((spent.user + spent.system) / purchases / 1_000).toFixed(2)} ms CPU per create + capture`,
);
await fake.stop();
