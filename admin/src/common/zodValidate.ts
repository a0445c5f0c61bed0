// Adapts a contracts zod schema to react-admin's form-level `validate`: the first issue of
// each field becomes that field's message (nested paths become nested objects).
import type { z } from 'zod';

export type FormErrors = Record<string, unknown>;

export function issuesToErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String);
    if (path.length === 0) continue;
    let node = errors;
    path.slice(0, -1).forEach((key) => {
      const next = node[key];
      node = (typeof next === 'object' && next !== null ? next : (node[key] = {})) as FormErrors;
    });
    const last = path[path.length - 1] as string;
    if (node[last] === undefined) node[last] = issue.message;
  }
  return errors;
}

export function zodValidate(schema: z.ZodType) {
  return (values: unknown): FormErrors => {
    const result = schema.safeParse(values);
    return result.success ? {} : issuesToErrors(result.error.issues);
  };
}
