// Settings of the api's HTTP server, for `npm start` and the tests' servers alike.
import type { ServerType } from '@hono/node-server';
import type { Server } from 'node:http';

/** How long an idle keep-alive connection stays open (Node's default: 5 s). */
const KEEP_ALIVE_MS = 65_000;

/**
 * Keeps idle connections open longer than the clients in front keep them. A client
 * reuses a connection until shortly before the time the server announces (Node's fetch:
 * one second before, on a coarse timer), so with 5 s a connection could be reused in the
 * moment the server closed it, and the request failed with ECONNRESET (a CI run under
 * load, once). Proxies before the api close idle connections after 60 s, before it does.
 */
export function keepConnectionsAlive(server: ServerType): void {
  const http = server as Server;
  http.keepAliveTimeout = KEEP_ALIVE_MS;
  // Above the keep-alive time, as Node asks, so that a reused connection's headers are not timed out first.
  http.headersTimeout = KEEP_ALIVE_MS + 1_000;
}
