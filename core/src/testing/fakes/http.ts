// A tiny JSON/form HTTP server on a free local port, the base of every fake provider.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  rawBody: string;
  /** JSON or form-encoded body, parsed by content type. */
  body: unknown;
}

export interface FakeResponse {
  status?: number;
  body?: unknown;
  /** Sent as is instead of `body` as JSON (SOAP's XML); set its content-type in headers. */
  text?: string;
  headers?: Record<string, string>;
}

export type FakeHandler = (req: FakeRequest) => FakeResponse | Promise<FakeResponse>;

export interface FakeHttpServer {
  url: string;
  requests: FakeRequest[];
  stop(): Promise<void>;
}

export async function startFakeHttpServer(handle: FakeHandler): Promise<FakeHttpServer> {
  const requests: FakeRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://localhost');
      const type = req.headers['content-type'] ?? '';
      let body: unknown = rawBody;
      try {
        if (type.includes('json') && rawBody) body = JSON.parse(rawBody);
        else if (type.includes('x-www-form-urlencoded'))
          body = Object.fromEntries(new URLSearchParams(rawBody));
      } catch {
        body = rawBody;
      }
      const fakeReq: FakeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        rawBody,
        body,
      };
      requests.push(fakeReq);
      Promise.resolve()
        .then(() => handle(fakeReq))
        .then(
          (out) => {
            res.writeHead(out.status ?? 200, {
              'content-type': 'application/json',
              ...out.headers,
            });
            if (out.text !== undefined) res.end(out.text);
            else res.end(out.body === undefined ? '' : JSON.stringify(out.body));
          },
          (error: unknown) => {
            res.writeHead(500, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ message: String(error) }));
          },
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Form fields such as `metadata[purchaseId]` or `line_items[0][price_data][currency]`, read flat. */
export function formField(body: unknown, key: string): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
}
