// The workers as their own processes, as `npm run workers` starts them (workers/src/main.ts)
// against the real Kafka broker: two numbers processes share the group's partitions, and
// when one is killed (SIGKILL: no goodbye to the group) the broker moves its partitions to
// the survivor, which numbers every purchase paid around the kill. The end state keeps
// I1 (no number twice), I3 (each purchase exactly its quantity, one claim), one e-mail
// and one SMS per purchase, and one sale per purchase in the reports projection.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getPurchase } from '@vag/core/db/purchases';
import { paidEvent } from '@vag/core/pipeline/purchase-events';
import { salesBy } from '@vag/core/db/report-facts';
import { activeRaffle, customOrder, numbersOf, postJson } from '@vag/api/payments/test-fixtures';
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import { smsWithNumbers } from '../testing/sms-with-numbers';
import { startTestServer, type TestServer } from '../testing/server';
import { waitFor } from '@vag/core/testing/wait';
import type { BusMessage } from '@vag/core';
import { TOPICS } from '@vag/contracts';
import { AssignerProtocol, Kafka, logLevel, type Admin } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRaffle, formatReport } from '@vag/core/audit/invariants';
import { spawnService, type ServiceProcess } from '../../../infra/lib/process';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const brokers = process.env.VAG_TEST_KAFKA_BROKERS ?? '';
const namespace = `p${crypto.randomUUID().slice(0, 8)}.`;
const logDir = mkdtempSync(path.join(tmpdir(), 'vag-workers-procs-'));

let fakes: FakeProviders;
let server: TestServer;
let admin: Admin;
const processes: ServiceProcess[] = [];
const dataDirs: string[] = [];
const assigned: BusMessage[] = [];

function dataDir(label: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `vag-${label}-`));
  dataDirs.push(dir);
  return dir;
}

/** `npm run workers -- <names>`: the same entry point, its own Node process. */
function startWorkersProcess(label: string, names: string[]): ServiceProcess {
  const env = server.deps.env;
  const child = spawnService(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'workers/src/main.ts'), ...names],
    {
      cwd: repoRoot,
      logFile: path.join(logDir, `${label}.log`),
      env: {
        ...fakes.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        MONGODB_URL: env.MONGODB_URL,
        KAFKA_BROKERS: brokers,
        KAFKA_NAMESPACE: namespace,
        DATA_DIR: dataDir(label),
      },
    },
  );
  processes.push(child);
  return child;
}

/** Partitions of the group's members, once the group has settled. */
async function groupAssignment(groupId: string): Promise<number[][] | null> {
  const { groups } = await admin.describeGroups([namespace + groupId]);
  const group = groups[0];
  if (!group || group.state !== 'Stable') return null;
  return group.members.map((m) => {
    const decoded = AssignerProtocol.MemberAssignment.decode(m.memberAssignment);
    return Object.values(decoded?.assignment ?? {}).flat();
  });
}

/** Waits until `members` processes hold every partition of the group, each some. */
async function waitForMembers(groupId: string, members: number, timeoutMs = 90_000) {
  return waitFor(
    async () => {
      const assignment = await groupAssignment(groupId);
      if (!assignment || assignment.length !== members) return null;
      if (assignment.some((partitions) => partitions.length === 0)) return null;
      return assignment;
    },
    { timeoutMs, intervalMs: 250, message: `${members} members in group ${groupId}` },
  );
}

beforeAll(async () => {
  if (!brokers) throw new Error('VAG_TEST_KAFKA_BROKERS is not set: run through `npm test`');
  fakes = await startFakeProviders();
  // The api publishes through Kafka and runs no workers: the processes below do.
  server = await startTestServer({
    env: { ...fakes.env, KAFKA_BROKERS: brokers, KAFKA_NAMESPACE: namespace, WORKERS: 'none' },
  });
  await activeRaffle(server.db, { totalNumbers: 300, pricePerNumber: 1 });
  admin = new Kafka({
    clientId: 'workers-processes-test',
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  await server.deps.bus.subscribe({
    groupId: 'test-probe',
    topics: [TOPICS['numbers.assigned']],
    handler: async (message) => {
      assigned.push(message);
    },
  });
}, 120_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop(5_000)));
  await admin?.disconnect();
  await server?.stop();
  await fakes?.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** A PayPal order approved and captured over HTTP. */
async function buy(quantity: number): Promise<string> {
  const created = await postJson(
    `${server.url}/api/payments/create-order`,
    customOrder('paypal', quantity, 1),
  );
  expect(created.status).toBe(201);
  const orderId = new URL(created.body.approveUrl).searchParams.get('token')!;
  fakes.paypal.approve(orderId);
  const captured = await postJson(`${server.url}/api/payments/capture-order`, { orderId });
  expect(captured.body.status).toBe('COMPLETED');
  return created.body.purchaseId;
}

async function expectNumberedAndNotified(purchaseIds: string[]) {
  for (const id of purchaseIds) {
    const purchase = await numbersOf(server.db, id, 90_000);
    expect(purchase.assignedNumbers).toHaveLength(purchase.quantity);
    await waitFor(
      async () => {
        const p = await getPurchase(server.db, id);
        return p?.notifications?.email?.status === 'sent' && p.notifications.sms?.status === 'sent';
      },
      { timeoutMs: 60_000, message: `notifications of ${id}` },
    ).catch(async (error: Error) => {
      // Say where it stands (never claimed, claimed and held, failed), not only that it is late.
      const states = (await getPurchase(server.db, id))?.notifications;
      throw new Error(`${error.message}; channels: ${JSON.stringify(states ?? null)}`);
    });
    expect(fakes.smtp.mails.filter((m) => m.to.includes(purchase.buyer.email))).toHaveLength(1);
    expect(smsWithNumbers(fakes.twilio.messages, purchase.assignedNumbers)).toHaveLength(1);
  }
}

describe('`npm run workers` processes on Kafka', () => {
  it('two numbers processes share the partitions; a purchase.paid delivered 5 more times changes nothing; one process killed with SIGKILL, the other numbers every purchase', async () => {
    const first = startWorkersProcess('numbers-1', ['numbers']);
    const second = startWorkersProcess('numbers-2', ['numbers']);
    startWorkersProcess('notify-report', ['notifications', 'reports']);

    // Both numbers processes hold partitions of purchase.paid, together all of them.
    const shared = await waitForMembers('numbers', 2);
    expect(shared.flat().sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
    await waitForMembers('notifications', 1);

    const before = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => buy((i % 3) + 1)));
    await expectNumberedAndNotified(before);

    // The same purchase.paid delivered 5 more times through the broker: the same numbers
    // every time, one claim, still one e-mail and one SMS.
    const replayed = (await getPurchase(server.db, before[0]!))!;
    // Its entry left the purchase with the numbers' write: the same event, built again.
    const event = paidEvent(replayed, replayed.paidAt!);
    await server.deps.bus.publish(
      Array.from({ length: 5 }, () => ({
        topic: TOPICS['purchase.paid'],
        key: replayed._id,
        value: event,
      })),
    );
    const answers = await waitFor(
      () => {
        const mine = assigned.filter((m) => m.key === replayed._id);
        return mine.length >= 6 ? mine : null;
      },
      { timeoutMs: 60_000, message: 'numbers.assigned for each delivery' },
    );
    for (const m of answers)
      expect((m.value as { data: { numbers: string[] } }).data.numbers).toEqual(
        replayed.assignedNumbers,
      );
    expect((await getPurchase(server.db, replayed._id))?.assignedNumbers).toEqual(
      replayed.assignedNumbers,
    );
    await expectNumberedAndNotified([replayed._id]);

    // Purchases are paid while one process dies without leaving the group.
    const during = Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((i) => buy((i % 4) + 1)));
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    const paid = await during;
    const after = await Promise.all([1, 2, 3].map(() => buy(2)));

    // The broker gave the dead member's partitions to the survivor.
    const alone = await waitForMembers('numbers', 1);
    expect(alone[0]!.sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
    expect(second.isRunning()).toBe(true);
    await expectNumberedAndNotified([...paid, ...after]);

    const all = [...before, ...paid, ...after];
    const claims = await server.db
      .collection<{ purchaseId: string }>('number_claims')
      .find({ purchaseId: { $in: all } })
      .toArray();
    expect(claims).toHaveLength(all.length);
    const report = await auditRaffle(server.db);
    expect(report.ok, formatReport(report)).toBe(true);
    expect(report.stats.completed).toBe(all.length);

    // The reports process recorded each sale once.
    const sold = report.stats.assigned;
    await waitFor(
      async () => (await salesBy(server.db, 'paymentMethod'))[0]?.purchases === all.length,
      { timeoutMs: 60_000, message: 'every sale in the reports projection' },
    );
    expect(await salesBy(server.db, 'paymentMethod')).toEqual([
      { key: 'paypal', quantity: sold, amount: sold, purchases: all.length },
    ]);
  }, 240_000);
});
