// The statement import when the api dies under it: 1 200 open transfer orders in the scaled
// layout, the statement naming all of them imported, the api SIGKILLed while it confirms
// them, restarted, the same file imported again. Each order ends paid exactly once.
import { beforeAll, describe, expect, it } from 'vitest';
import { formatReport } from './audit';
import {
  formatBankImportChaos,
  runBankImportChaos,
  type BankImportChaosResult,
} from './chaos/bank-import';

describe('a statement import cut short by a killed api', () => {
  let result: BankImportChaosResult;

  beforeAll(async () => {
    result = await runBankImportChaos({
      orders: 1_200,
      settleMs: 240_000,
      log: (line) => console.log(line),
    });
    console.log(formatBankImportChaos(result));
  }, 600_000);

  it('the api died mid-import: some orders confirmed, not all, and no answer', () => {
    expect(result.firstAnswered).toBe(false);
    expect(result.paidAtKill).toBeGreaterThan(0);
    expect(result.paidAtKill).toBeLessThan(result.orders);
  });

  it('importing the file again confirms each order exactly once: one line, one audit entry, its numbers', () => {
    const check = result.checks.find((c) => c.id === 'B1')!;
    expect(check.ok, check.details.join('\n')).toBe(true);
    expect(result.settled, JSON.stringify(result.pipeline)).toBe(true);
  });

  it('every paid order got its e-mail and its SMS once, and the raffle audit passes', () => {
    const check = result.checks.find((c) => c.id === 'C2')!;
    expect(check.ok, check.details.join('\n')).toBe(true);
    expect(result.audit.ok, formatReport(result.audit)).toBe(true);
  });
});
