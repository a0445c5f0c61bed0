// A message Twilio took while the store was going down keeps its delivery record (DESIGN
// I5): the record, written after the send, is written again until the store is back,
// instead of being lost with only a log line (the audit then finds a numbers SMS at the
// provider that no record shows).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { MongoClient } from 'mongodb';
import { pino } from 'pino';
import { parseEnv } from '@vag/core/env';
import { purchaseDeliveries } from '@vag/core/messaging/deliveries';
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import { waitFor } from '@vag/core/testing/wait';
import { afterEach, expect, it } from 'vitest';
import { freePort } from '../../../infra/lib/process';
import { startFerretdb, type Ferretdb } from '../../../infra/services';
import { sendPhoneMessage } from './phone';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A logger whose lines the test can read. */
function capturedLog() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: pino({ level: 'warn' }, sink), lines };
}

it('an SMS sent as the store goes down is recorded once the store is back', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vag-phone-record-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const port = await freePort();
  let store: Ferretdb = await startFerretdb({ dir: path.join(dir, 'data'), port });
  cleanups.push(() => store.stop());
  // The worker's connection gives up on a missing store after its selection timeout
  // (10 s in production, 1 s here so that the outage outlasts it quickly).
  const client = new MongoClient(store.url, {
    retryWrites: false,
    serverSelectionTimeoutMS: 1_000,
  });
  await client.connect();
  cleanups.push(() => client.close());
  const db = client.db('phone_record');
  // Twilio takes its time: the store goes down while the message is on its way.
  const fakes: FakeProviders = await startFakeProviders({ messageDelayMs: 10_000 });
  cleanups.push(() => fakes.stop());
  const env = parseEnv({ ...fakes.env, NODE_ENV: 'test', DATA_DIR: dir });
  const { log, lines } = capturedLog();

  const sending = sendPhoneMessage(
    { db, log },
    env,
    {
      purchase: { _id: 'purchase-1' },
      message: 'numbers',
      to: '+593987654321',
      sms: 'Tus números: 0042',
      variables: [],
    },
    { fellBack: false },
  );
  await store.stop();
  expect(fakes.twilio.messages).toHaveLength(0);
  await waitFor(() => fakes.twilio.messages.length === 1, { message: 'Twilio took the SMS' });
  // The record's first write has failed (the old code gave up there) or is failing.
  const settledEarly = await Promise.race([
    sending.then(() => true),
    waitFor(() => lines.some((l) => l.includes('delivery record not kept')), {
      message: 'the record failed once',
    }).then(() => false),
  ]);
  store = await startFerretdb({ dir: path.join(dir, 'data'), port });
  await sending;

  expect(settledEarly).toBe(false);
  const records = await purchaseDeliveries(db, 'purchase-1');
  expect(records).toHaveLength(1);
  expect(records[0]).toMatchObject({
    _id: fakes.twilio.messages[0]!.sid,
    channel: 'sms',
    message: 'numbers',
  });
});
