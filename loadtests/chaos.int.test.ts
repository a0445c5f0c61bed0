// The short chaos sellout of every `npm test`: a few hundred numbers sold by k6 buyers in
// the scaled layout (its own FerretDB and Kafka, which the faults restart, an api process
// with WORKERS=none and 2 `npm run workers` processes) while one fault of each kind
// strikes: SIGKILL of the api and of a workers process, a Kafka restart, a FerretDB
// restart, PayPal answering 500 then timing out, SMTP down. Afterwards the audit and
// the chaos checks must pass and every fault must have been recovered from.
import { beforeAll, describe, expect, it } from 'vitest';
import { formatReport } from './audit';
import { SMALL_PACKAGES } from './harness/raffle-setup';
import { formatChaos } from './chaos/report';
import { runChaos, type ChaosResult } from './chaos/run';
import { FAULT_KINDS } from './chaos/schedule';

const N = 400;
// A fixed seed: the same schedule on every run, printed with the verdict.
const SEED = 17;

describe('chaos sellout of a 400-number raffle', () => {
  let result: ChaosResult;

  beforeAll(async () => {
    result = await runChaos({
      numbers: N,
      seed: SEED,
      rate: 2,
      packages: SMALL_PACKAGES,
      // 1–4 numbers per buyer (about 160 buyers), so the sale lasts into the schedule.
      customShare: 1,
      customMax: 4,
      paypalShare: 0.3,
      // A PayPal call times out after 15 s in the api: holding 16 s makes it happen.
      durations: { paymentErrorMs: 4_000, paymentTimeoutMs: 16_000, smtpDownMs: 10_000 },
      pauseMs: [1_000, 3_000],
      // A workers process killed while sending a purchase's messages leaves them claimed
      // for the 120 s lease (exactly once before speed), and the e-mails of that
      // partition wait behind them: the pipeline's bound allows for it.
      recoveryBoundMs: 150_000,
      settleMs: 60_000,
      messageDelayMs: 0,
      reservationSeconds: 20,
      log: (line) => console.log(line),
    });
    console.log(formatChaos(result));
  }, 600_000);

  it('one fault of each kind struck and the product recovered from each within 30 s', () => {
    expect(result.faults.map((f) => f.kind).sort()).toEqual([...FAULT_KINDS].sort());
    for (const fault of result.faults) {
      const what = JSON.stringify(fault);
      expect(fault.createOrderMs, what).not.toBeNull();
      expect(fault.pipelineMs, what).not.toBeNull();
      // Recovery of a killed process: create-order back, or the dead member's partitions.
      if (fault.kind === 'api-kill') expect(fault.createOrderMs!, what).toBeLessThan(30_000);
      if (fault.kind === 'worker-kill') {
        expect(fault.partitionsMs, what).not.toBeNull();
        expect(fault.partitionsMs!, what).toBeLessThan(30_000);
      }
    }
  });

  it('the audit passes in full once every unpaid order has expired', () => {
    expect(result.settled, JSON.stringify(result.pipeline)).toBe(true);
    expect(result.audit.ok, formatReport(result.audit)).toBe(true);
  });

  it('every accepted order is paid with exactly its numbers or expired with its capacity released', () => {
    const check = result.checks.find((c) => c.id === 'C1')!;
    expect(check.ok, check.details.join('\n')).toBe(true);
    expect(result.k6?.ordersCreated).toBeGreaterThan(0);
  });

  it('every paid purchase got its e-mail and its SMS exactly once', () => {
    const check = result.checks.find((c) => c.id === 'C2')!;
    expect(check.ok, check.details.join('\n')).toBe(true);
    expect(result.audit.stats.completed).toBeGreaterThan(0);
  });

  it('no payment is captured twice, and every capture is a paid purchase', () => {
    const check = result.checks.find((c) => c.id === 'C3')!;
    expect(check.ok, check.details.join('\n')).toBe(true);
  });
});
