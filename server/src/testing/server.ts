// The whole product for integration and browser tests: the api's test server with the
// event consumers running in process, unless a test asks for WORKERS=none (to run them
// elsewhere, as the Kafka process tests do).
import { startTestServer as startApiTestServer, type TestServer } from '@vag/api/testing/server';
import { startWorkers } from '@vag/workers';

export type { TestServer };
export { freePort, TEST_BANK_ACCOUNT } from '@vag/api/testing/server';

export function startTestServer(
  options: { env?: Record<string, string>; bankAccount?: false } = {},
): Promise<TestServer> {
  const embedded = (options.env?.WORKERS ?? 'embedded') === 'embedded';
  return startApiTestServer({
    ...options,
    startWorkers: embedded ? (deps) => startWorkers(deps) : undefined,
  });
}
