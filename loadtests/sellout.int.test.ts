// A small sellout on every `npm test`: k6 buyers arriving at 10/s sell out a 1 000-number
// raffle against the real api (in-process bus and workers, fake PayPal, SMTP and Twilio),
// then the audit checks I1–I3 and the pipeline's end state on the document store. Four
// buyers in five choose WhatsApp; a share of their numbers is refused for good by Twilio
// (the fake) and gets the SMS fallback. Then two
// small raffles on sale side by side, buyers split 60/40, each raffle audited on its own.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import { createStaff } from '@vag/api/testing/seed';
import { startTestServer, type TestServer } from '@vag/server/testing/server';
import { waitFor } from '@vag/core/testing/wait';
import { auditRaffle, auditRaffles, formatReport } from './audit';
import { runK6, type K6Run } from './harness/k6';
import { startPayPalApprover, type Approver } from './harness/paypal-approver';
import {
  publishRaffle,
  putRaffleBesideOnSale,
  putRaffleOnSale,
  SMALL_PACKAGES,
} from './harness/raffle-setup';
import { pipelineState, settled } from './harness/settle';
import { enableWhatsapp, numbersMessagesByPhone, phoneKey } from './harness/whatsapp';
import { WHATSAPP_PERMANENT_ERRORS } from '@vag/contracts';

const N = 1_000;

describe('sellout of a 1 000-number raffle', () => {
  let fakes: FakeProviders;
  let server: TestServer;
  let approver: Approver;
  let run: K6Run;

  beforeAll(async () => {
    fakes = await startFakeProviders();
    server = await startTestServer({ env: fakes.env });
    approver = await startPayPalApprover((orderId) => fakes.paypal.approve(orderId));
    const { token } = await createStaff(server.db, { role: 'admin' });
    await enableWhatsapp(server.db, fakes.twilio, { baseUrl: server.url, refusedShare: 0.2 });
    await putRaffleOnSale(server.url, token, {
      totalNumbers: N,
      pricePerNumber: 1,
      packages: SMALL_PACKAGES,
    });

    run = await runK6(
      'sellout.js',
      {
        BASE_URL: server.url,
        STAFF_TOKEN: token,
        PROFILE: 'ci',
        STOP_WHEN_SOLD_OUT: '1',
        PAYPAL_SHARE: '0.3',
        CUSTOM_SHARE: '0.2',
        WHATSAPP_SHARE: '0.8',
        PAYPAL_APPROVE_URL: approver.url,
        // The CI machine runs other suites beside this one: latency goals are the
        // benchmark's business (RESULTS.md), here only correctness is asserted.
        P95_MS: '30000',
        P99_MS: '60000',
      },
      path.join(mkdtempSync(path.join(tmpdir(), 'vag-k6-')), 'sellout-ci.json'),
    );
  }, 150_000);

  afterAll(async () => {
    await approver?.stop();
    await server?.stop();
    await fakes?.stop();
  });

  it('k6 buyers sell every number with no unexpected error, late buyers get the sold-out answer', () => {
    // 108: the script ended the run itself once every number was paid.
    expect([0, 108], run.output).toContain(run.code);
    console.log(run.output.trim());
    expect(
      Object.values(run.summary?.thresholds ?? { missing: false }).every(Boolean),
      run.output,
    ).toBe(true);
    expect(run.summary?.unexpectedErrorRate).toBe(0);
    // k6 stops the moment the raffle shows sold out, so payments still in flight then
    // (their numbers already assigned) go uncounted here: the exact N is asserted on the
    // server's side, by the progress and the audit below.
    expect(run.summary?.numbersPaid).toBeGreaterThan(N / 2);
    expect(run.summary?.numbersPaid).toBeLessThanOrEqual(N);
    expect(run.summary?.soldOutAnswers).toBeGreaterThan(0);
  });

  it('GET /api/raffle/raffle-progress shows the raffle 100 % sold', async () => {
    const progress = await (await fetch(`${server.url}/api/raffle/raffle-progress`)).json();
    expect(progress).toEqual({ percentage: 100, assigned: N, total: N, available: 0 });
  });

  it('the audit passes every invariant (I1 unique, I2 no oversell, I3 exactly once, messages, reservations)', async () => {
    // Numbers, e-mails and SMS follow the payments asynchronously.
    let state = await pipelineState(server.db);
    await waitFor(async () => settled((state = await pipelineState(server.db))), {
      timeoutMs: 90_000,
      message: 'every paid purchase to get its numbers, e-mail and SMS',
    }).catch((error: Error) => {
      throw new Error(`${error.message}; pipeline at ${JSON.stringify(state)}`);
    });
    const report = await auditRaffle(server.db);
    expect(report.ok, formatReport(report)).toBe(true);
    expect(report.stats.assigned).toBe(N);
  }, 120_000);

  it('each paid purchase sent exactly one e-mail and one SMS with its numbers, each transfer order one with its link', async () => {
    const { completed } = await pipelineState(server.db);
    // Besides the numbers, every transfer order's buyer got its order link once.
    const transfers = await server.db
      .collection('purchases')
      .countDocuments({ paymentMethod: 'bank_transfer' });
    const expected = completed + transfers;
    await waitFor(
      () => fakes.smtp.mails.length >= expected && fakes.twilio.messages.length >= expected,
      {
        message: 'the providers to receive every message',
      },
    );
    expect(fakes.smtp.mails).toHaveLength(expected);
    expect(fakes.twilio.messages).toHaveLength(expected);
  });
  it('each paid purchase got one numbers message on its chosen channel, the SMS only after WhatsApp refused for good, and every WhatsApp ticket opens', async () => {
    const paid = await server.db
      .collection<{ _id: string; buyer: { phone: string }; messaging?: { channel: string } }>(
        'purchases',
      )
      .find({ status: 'COMPLETED' }, { projection: { buyer: 1, messaging: 1 } })
      .toArray();
    const sent = numbersMessagesByPhone(fakes.twilio.messages);
    const refused = new Map(fakes.twilio.refusals.map((r) => [phoneKey(r.to), r.code]));
    const problems: string[] = [];
    const count = { whatsapp: 0, sms: 0, fallback: 0 };
    for (const p of paid) {
      const chosen = p.messaging?.channel ?? 'sms';
      const got = sent.get(phoneKey(p.buyer.phone)) ?? { whatsapp: [], sms: [] };
      sent.delete(phoneKey(p.buyer.phone));
      const total = got.whatsapp.length + got.sms.length;
      if (total !== 1) problems.push(`${p._id} (${chosen}): ${total} numbers messages`);
      else if (got.whatsapp.length === 1) {
        count.whatsapp++;
        if (chosen !== 'whatsapp') problems.push(`${p._id} chose SMS, got WhatsApp`);
        // WhatsApp fetched the template's media as it does: no cookies, no order key.
        const media = got.whatsapp[0]!.media;
        if (media?.status !== 200 || media.contentType !== 'application/pdf')
          problems.push(`${p._id}: ticket link answered ${media?.status} ${media?.contentType}`);
        else if (media.bytes.subarray(0, 5).toString() !== '%PDF-')
          problems.push(`${p._id}: ticket link is no PDF`);
      } else if (chosen === 'sms') count.sms++;
      else if (WHATSAPP_PERMANENT_ERRORS.has(refused.get(phoneKey(p.buyer.phone)) ?? 0))
        count.fallback++;
      else problems.push(`${p._id} chose WhatsApp, got the SMS without a permanent refusal`);
    }
    for (const phone of sent.keys()) problems.push(`…${phone}: numbers without a paid purchase`);
    console.log(`numbers messages: ${JSON.stringify(count)} for ${paid.length} paid purchases`);
    expect(problems).toEqual([]);
    // The mix really was mixed: most by WhatsApp, some SMS by choice, some by fallback.
    expect(count.whatsapp).toBeGreaterThan(paid.length / 3);
    expect(count.sms + count.fallback).toBeGreaterThan(0);
  });
});

describe('two raffles on sale side by side: 300 and 200 numbers, buyers split 60/40', () => {
  const A_NUMBERS = 300;
  const B_NUMBERS = 200;
  let fakes: FakeProviders;
  let server: TestServer;
  let approver: Approver;
  let run: K6Run;
  let a: string;
  let b: string;

  beforeAll(async () => {
    fakes = await startFakeProviders();
    server = await startTestServer({ env: fakes.env });
    approver = await startPayPalApprover((orderId) => fakes.paypal.approve(orderId));
    const { token } = await createStaff(server.db, { role: 'admin' });
    const sale = { pricePerNumber: 1, packages: SMALL_PACKAGES };
    a = await putRaffleOnSale(server.url, token, { ...sale, totalNumbers: A_NUMBERS });
    await publishRaffle(server.url, token, a);
    b = await putRaffleBesideOnSale(server.url, token, {
      ...sale,
      totalNumbers: B_NUMBERS,
      name: 'Rifa Express',
      slug: 'rifa-express',
    });

    run = await runK6(
      'sellout.js',
      {
        BASE_URL: server.url,
        STAFF_TOKEN: token,
        PROFILE: 'ci',
        STOP_WHEN_SOLD_OUT: '1',
        PAYPAL_SHARE: '0.3',
        CUSTOM_SHARE: '0.2',
        PAYPAL_APPROVE_URL: approver.url,
        // A through the home page's paths, B through its own (by slug).
        RAFFLES: '-:0.6,rifa-express:0.4',
        P95_MS: '30000',
        P99_MS: '60000',
      },
      path.join(mkdtempSync(path.join(tmpdir(), 'vag-k6-')), 'sellout-two.json'),
    );
  }, 150_000);

  afterAll(async () => {
    await approver?.stop();
    await server?.stop();
    await fakes?.stop();
  });

  it('k6 buyers sell out both raffles with no unexpected error', async () => {
    expect([0, 108], run.output).toContain(run.code);
    expect(run.summary?.unexpectedErrorRate, run.output).toBe(0);
    const progress = async (ref: string) =>
      (await fetch(`${server.url}/api/raffles/${ref}/raffle/raffle-progress`)).json();
    expect(await progress(a)).toMatchObject({ percentage: 100, assigned: A_NUMBERS });
    expect(await progress('rifa-express')).toMatchObject({ percentage: 100, assigned: B_NUMBERS });
  });

  it('each raffle passes its own audit, and no purchase of B holds a claim of A', async () => {
    await waitFor(async () => settled(await pipelineState(server.db)), {
      timeoutMs: 90_000,
      message: 'every paid purchase to get its numbers, e-mail and SMS',
    });
    const audits = await auditRaffles(server.db);
    expect(audits.map((x) => x.raffleId).sort()).toEqual([a, b].sort());
    for (const { raffleId, report } of audits) {
      expect(report.ok, `${raffleId}\n${formatReport(report)}`).toBe(true);
      expect(report.stats.assigned).toBe(raffleId === a ? A_NUMBERS : B_NUMBERS);
    }
    const purchasesOf = async (raffleId: string) =>
      new Set(
        (await server.db.collection('purchases').find({ raffleId }).toArray()).map((p) => p._id),
      );
    const bPurchases = await purchasesOf(b);
    const aClaims = await server.db.collection('number_claims').find({ raffleId: a }).toArray();
    expect(aClaims.length).toBeGreaterThan(0);
    expect(aClaims.filter((c) => bPurchases.has(c.purchaseId))).toEqual([]);
    expect(bPurchases.size).toBeGreaterThan(0);
  }, 120_000);
});
