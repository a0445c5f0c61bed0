// Every operation of the generated OpenAPI document, for tests that call each route
// (the auth matrix, "every documented path answers"): a new route is covered the day
// it is declared.
import { documentedRoutes } from '../routes';
import { buildOpenApiDocument } from '../routes/openapi/openapi-document';

export interface DocumentedOperation {
  method: string;
  /** OpenAPI path with `{param}` placeholders, e.g. /api/packages/{id}. */
  path: string;
  operationId: string;
  /** Roles that may call it (from its staff guard); undefined for public routes. */
  roles: string[] | undefined;
}

interface Operation {
  operationId?: string;
  security?: unknown[];
  'x-roles'?: string[];
}

export async function documentedOperations(): Promise<DocumentedOperation[]> {
  const doc = await buildOpenApiDocument(documentedRoutes());
  const paths = doc.paths as Record<string, Record<string, Operation>>;
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      operationId: op.operationId ?? `${method} ${path}`,
      roles: op.security?.length ? (op['x-roles'] ?? []) : undefined,
    })),
  );
}

/** Sample values for path placeholders: ids that name nothing, a valid e-mail, channel and slot. */
const SAMPLE_PARAMS: Record<string, string> = {
  id: 'no-existe-0001',
  email: 'nadie@example.ec',
  channel: 'email',
  name: 'banner.gif',
};

/** The operation's path with every `{param}` filled with a sample value and URL-encoded. */
export function samplePath(operation: Pick<DocumentedOperation, 'path'>): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(SAMPLE_PARAMS[name] ?? 'x'),
  );
}
