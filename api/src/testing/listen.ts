// A Hono app on a free port of 127.0.0.1 over @hono/node-server, for tests of middleware
// that behaves differently behind Node's own server than through app.request().
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';

export interface Listening {
  /** e.g. http://127.0.0.1:43121 */
  url: string;
  port: number;
  close(): Promise<void>;
}

export function listenOnFreePort(app: Pick<Hono, 'fetch'>): Promise<Listening> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, ({ port }) =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        port,
        close: () => new Promise<void>((closed) => server.close(() => closed())),
      }),
    );
  });
}
