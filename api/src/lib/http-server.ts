// Settings of the api's HTTP server, for `npm start` and the tests' servers alike.
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';

/**
 * The most a request's line and headers may hold (Node's default: 16 KB). A ticket's
 * /verificar link carries the buyer's numbers, six bytes each: at 16 KB a purchase of
 * some 2 700 numbers got "431 Request Header Fields Too Large" from its own QR code and
 * link. 96 KB takes a link of some 15 000 five-digit numbers.
 */
const MAX_HEADER_BYTES = 96 * 1024;

/** Serves the api's fetch with this file's settings; `listening` runs once it listens. */
export function serveApi(
  fetch: (request: Request, env: unknown) => Response | Promise<Response>,
  where: { port: number; hostname: string },
  listening?: (info: AddressInfo) => void,
): ServerType {
  const server = serve(
    { fetch, ...where, serverOptions: { maxHeaderSize: MAX_HEADER_BYTES } },
    listening,
  );
  keepConnectionsAlive(server);
  return server;
}

/** How long an idle keep-alive connection stays open (Node's default: 5 s). */
const KEEP_ALIVE_MS = 65_000;

/**
 * Keeps idle connections open longer than the clients in front keep them. A client
 * reuses a connection until shortly before the time the server announces (Node's fetch:
 * one second before, on a coarse timer), so with 5 s a connection could be reused in the
 * moment the server closed it, and the request failed with ECONNRESET (a CI run under
 * load, once). Proxies before the api close idle connections after 60 s, before it does.
 */
function keepConnectionsAlive(server: ServerType): void {
  const http = server as Server;
  http.keepAliveTimeout = KEEP_ALIVE_MS;
  // Above the keep-alive time, as Node asks, so that a reused connection's headers are not timed out first.
  http.headersTimeout = KEEP_ALIVE_MS + 1_000;
}
