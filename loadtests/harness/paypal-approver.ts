// The fake PayPal approves orders in-process (`approve(orderId)`); k6 runs in its own
// process, so this tiny endpoint plays the buyer's "Pay" click: GET /?token=<orderId>.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Approver {
  url: string;
  stop(): Promise<void>;
}

export async function startPayPalApprover(approve: (orderId: string) => void): Promise<Approver> {
  const server = createServer((req, res) => {
    const token = new URL(req.url ?? '/', 'http://approver').searchParams.get('token');
    try {
      if (!token) throw new Error('token missing');
      approve(token);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"APPROVED"}');
    } catch (error) {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: String(error) }));
    }
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
