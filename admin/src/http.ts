// One fetch wrapper for every api call: adds the staff bearer token and turns the api's
// `{ msg, errors }` answers into react-admin HttpErrors (message = msg, body.errors =
// per-field messages, which react-admin puts on the form fields).
import { ERRORS, PERMISSIONS } from '@vag/contracts';
import { HttpError } from 'react-admin';
import { readToken } from './session';

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: string;
  json: unknown;
}

export interface ApiRequest extends RequestInit {
  /** Staff calls refuse to go out without a stored token (SPEC §5). Default true. */
  auth?: boolean;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Builds the error react-admin shows for a failed answer. */
export function toHttpError(status: number, statusText: string, json: unknown): HttpError {
  const body = (typeof json === 'object' && json !== null ? json : {}) as {
    msg?: unknown;
    errors?: unknown;
  };
  const msg =
    typeof body.msg === 'string' && body.msg ? body.msg : ERRORS.httpFailure(status, statusText);
  const errors =
    typeof body.errors === 'object' && body.errors !== null
      ? (body.errors as Record<string, string>)
      : undefined;
  return new HttpError(msg, status, errors ? { msg, errors } : { msg });
}

export function authHeaders(headers?: HeadersInit): Headers {
  const out = new Headers(headers);
  const token = readToken();
  if (!token)
    throw new HttpError(PERMISSIONS.notAuthenticated, 401, { msg: PERMISSIONS.notAuthenticated });
  out.set('Authorization', `Bearer ${token}`);
  return out;
}

export async function rawFetch(url: string, init: ApiRequest = {}): Promise<Response> {
  const { auth = true, ...rest } = init;
  const headers = auth ? authHeaders(rest.headers) : new Headers(rest.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (typeof rest.body === 'string' && !headers.has('Content-Type'))
    headers.set('Content-Type', 'application/json');
  let response: Response;
  try {
    response = await fetch(url, { ...rest, headers });
  } catch {
    throw new Error(ERRORS.connection);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw toHttpError(response.status, response.statusText, parseJson(text));
  }
  return response;
}

export async function apiFetch(url: string, init: ApiRequest = {}): Promise<ApiResponse> {
  const response = await rawFetch(url, init);
  const body = await response.text();
  return { status: response.status, headers: response.headers, body, json: parseJson(body) };
}
