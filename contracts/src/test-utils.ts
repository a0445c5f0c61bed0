// Test helper: the message per field of a failed parse, as a form or the api shows it.
import type { z } from 'zod';

export function fieldMessages(result: z.ZodSafeParseResult<unknown>): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path.map(String).join('.') || '_';
    messages[field] ??= issue.message;
  }
  return messages;
}
