// Request validation with contracts' zod schemas (hono-openapi's validator, so the
// schema is also the route's documented input). A failure answers 400 with the first
// rule's Spanish message as `msg` and every failing field in `errors`.
import type { Context, MiddlewareHandler, ValidationTargets } from 'hono';
import { validator } from 'hono-openapi';
import type { ZodType } from 'zod';
import { SERVER, STAFF_API_MESSAGES } from '@vag/contracts';
import { apiError } from './errors';
import { documentedAs, jsonSchemaOptions } from './openapi';

type PathSegment = PropertyKey | { readonly key: PropertyKey };

export function fieldErrors(
  issues: ReadonlyArray<{ readonly path?: ReadonlyArray<PathSegment>; message: string }>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field =
      (issue.path ?? [])
        .map((segment) => String(typeof segment === 'object' ? segment.key : segment))
        .join('.') || '_';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** JSON bodies must say so: without the header Hono would validate an empty object instead. */
const JSON_CONTENT_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

function refuseInvalid(
  result: {
    success: boolean;
    error?: ReadonlyArray<{ path?: ReadonlyArray<PathSegment>; message: string }>;
  },
  _c: Context,
): void {
  if (result.success) return;
  const issues = result.error ?? [];
  throw apiError(400, issues[0]?.message ?? SERVER.validationFailed, fieldErrors(issues));
}

export function validate<T extends ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  const check = validator(target, schema, refuseInvalid, {
    options: jsonSchemaOptions('input'),
  });
  if (target !== 'json') return check;
  // 415 before the body is read: the same answer whether or not the body would pass.
  const jsonOnly: MiddlewareHandler = async (c, next) => {
    if (!JSON_CONTENT_TYPE.test(c.req.header('content-type') ?? ''))
      throw apiError(415, STAFF_API_MESSAGES.jsonContentTypeRequired);
    return check(c, next);
  };
  // The validator's mark is what the document reads the body schema from.
  return documentedAs(jsonOnly, check) as unknown as typeof check;
}
