// Calls to the api on the same origin. Failures become ApiError with the Spanish
// message a visitor can read (SPEC §8): the server's `msg`, else the HTTP status line,
// else the connection message.

import { ERRORS } from '@vag/contracts';

export const CONNECTION_ERROR = ERRORS.connection;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A 4xx will answer the same on retry; only network failures and 5xx are worth retrying. */
export function isFinalError(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status !== null && error.status >= 400 && error.status < 500
  );
}

async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method,
      headers: {
        ...headers,
        ...(body === undefined
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(CONNECTION_ERROR, null);
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    const msg =
      json && typeof json === 'object' && 'msg' in json && typeof json.msg === 'string'
        ? json.msg
        : null;
    throw new ApiError(msg ?? ERRORS.httpFailure(res.status, res.statusText), res.status, json);
  }
  return json as T;
}

export const apiGet = <T>(path: string) => request<T>('GET', path);
export const apiPost = <T>(path: string, body: unknown, headers?: Record<string, string>) =>
  request<T>('POST', path, body, headers);
export const apiPatch = <T>(path: string, body: unknown) => request<T>('PATCH', path, body);

/** The message to show for any failure (SPEC §8). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return CONNECTION_ERROR;
}
