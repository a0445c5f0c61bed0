// Expected failures travel as HTTPException with a Spanish message; the app's onError
// turns them into the JSON error contract `{ msg, errors? }` that react-admin reads.
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export interface ApiErrorBody {
  msg: string;
  errors?: Record<string, string>;
}

export function apiError(
  status: ContentfulStatusCode,
  msg: string,
  errors?: Record<string, string>,
): HTTPException {
  const body: ApiErrorBody = errors ? { msg, errors } : { msg };
  return new HTTPException(status, {
    message: msg,
    res: new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json; charset=UTF-8' },
    }),
  });
}

/** 429 with `Retry-After` (whole seconds, at least 1) so clients know when to try again. */
export function tooManyRequests(msg: string, retryAfterSeconds: number): HTTPException {
  const seconds = String(Math.max(1, Math.ceil(retryAfterSeconds)));
  return new HTTPException(429, {
    message: msg,
    res: new Response(JSON.stringify({ msg } satisfies ApiErrorBody), {
      status: 429,
      headers: { 'content-type': 'application/json; charset=UTF-8', 'retry-after': seconds },
    }),
  });
}
