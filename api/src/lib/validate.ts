// Request validation with contracts' zod schemas. A failure answers 400 with the first
// rule's Spanish message as `msg` and every failing field in `errors`.
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { STAFF_API_MESSAGES } from '@vag/contracts';
import { SERVER } from '@vag/contracts';
import { apiError } from './errors';

export function fieldErrors(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** JSON bodies must say so: without the header Hono would validate an empty object instead. */
const JSON_CONTENT_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

export function validate<T extends ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  return zValidator(target, schema, (result, c) => {
    if (target === 'json' && !JSON_CONTENT_TYPE.test(c.req.header('content-type') ?? '')) {
      throw apiError(415, STAFF_API_MESSAGES.jsonContentTypeRequired);
    }
    if (!result.success) {
      const issues = result.error.issues;
      throw apiError(400, issues[0]?.message ?? SERVER.validationFailed, fieldErrors(issues));
    }
  });
}
