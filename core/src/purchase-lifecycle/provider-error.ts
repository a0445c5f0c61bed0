// What the logs keep of a provider failure: the message, the HTTP status and the start
// of the answer. SDK errors carry the request with its bearer token; that never goes
// to the logs.
export function providerErrorSummary(error: unknown): {
  message: string;
  statusCode?: number;
  body?: string;
} {
  if (!(error instanceof Error)) return { message: String(error) };
  const e = error as Error & { statusCode?: number; body?: unknown; raw?: { statusCode?: number } };
  const statusCode = e.statusCode ?? e.raw?.statusCode;
  const body = typeof e.body === 'string' ? e.body.slice(0, 500) : undefined;
  return { message: e.message, ...(statusCode ? { statusCode } : {}), ...(body ? { body } : {}) };
}
