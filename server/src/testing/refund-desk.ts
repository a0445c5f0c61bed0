// The refunds tests' desk: the whole product against the providers' fakes, a raffle on sale
// ($1,50 a number, 200 numbers) and an admin who may give money back (SPEC §4, "Refunds").
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import { activeRaffle } from '@vag/api/payments/test-fixtures';
import { bearer, createStaff } from '@vag/api/testing/seed';
import { startTestServer, type TestServer } from './server';

export interface RefundDesk {
  fakes: FakeProviders;
  server: TestServer;
  /** The api's base URL, `${server.url}/api`. */
  api: string;
  admin: { authorization: string };
  adminEmail: string;
  stop(): Promise<void>;
}

export async function openRefundDesk(): Promise<RefundDesk> {
  const fakes = await startFakeProviders();
  const server = await startTestServer({
    env: { ...fakes.env, CREATE_ORDER_LIMIT_PER_MINUTE: '1000' },
  });
  await activeRaffle(server.db, { totalNumbers: 200, pricePerNumber: 1.5 });
  const staff = await createStaff(server.db, { role: 'admin', deps: server.deps });
  return {
    fakes,
    server,
    api: `${server.url}/api`,
    admin: bearer(staff.token),
    adminEmail: staff.user.email,
    stop: async () => {
      await server.stop();
      await fakes.stop();
    },
  };
}
