// The size limit of an /api request's body, and its JSON read once, straight from Node's
// request. Hono's own bodyLimit asks for `c.req.raw.body`, which makes @hono/node-server
// build a full web Request (an AbortController, a ReadableStream over Node's stream) for
// every request, GETs included, and the JSON validator then read the body through that
// stream: ~3 % of the api's CPU in a sellout. Bodies that are not JSON (uploads, forms)
// and requests that did not come through Node's server keep Hono's bodyLimit.
import type { IncomingMessage } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';

const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

/** Answers `tooLarge` for a body over `maxSize` bytes; otherwise the handler reads it as usual. */
export function bodyLimit(options: {
  maxSize: number;
  tooLarge: (c: Context) => Response | Promise<Response>;
}): MiddlewareHandler {
  const { maxSize, tooLarge } = options;
  const fallback = honoBodyLimit({ maxSize, onError: tooLarge });
  return async (c, next) => {
    const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
    if (!incoming) return fallback(c, next);
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) return fallback(c, next);
    return readJson(c, next, incoming, options);
  };
}

async function readJson(
  c: Context,
  next: Next,
  incoming: IncomingMessage,
  { maxSize, tooLarge }: Parameters<typeof bodyLimit>[0],
) {
  const declared = c.req.header('transfer-encoding') ? NaN : Number(c.req.header('content-length'));
  if (declared > maxSize) return tooLarge(c);
  const text = await readText(incoming, maxSize);
  if (text === null) return tooLarge(c);
  // Where c.req.json() and c.req.text() look first. HonoRequest keeps promises there (it
  // chains .then on what it finds), though its type says string.
  (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
  await next();
}

/** The body as text, as the web Request would decode it (UTF-8, a leading BOM dropped); null past maxSize. */
async function readText(incoming: IncomingMessage, maxSize: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxSize) return null;
    chunks.push(chunk);
  }
  return new TextDecoder().decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
}
