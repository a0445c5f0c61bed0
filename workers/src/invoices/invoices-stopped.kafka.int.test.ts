// An invoices process frozen (SIGSTOP, as a paused VM or a stalled host freezes it) in the
// middle of a block: it has claimed secuenciales for its documents and not yet written them
// on those documents. A second process in the group takes the sale's events over, copies the
// frozen one's claims onto their documents and numbers the rest; the frozen process then
// wakes (SIGCONT) with its stale block and its documents in hand, and repeats nothing. Every
// paid purchase ends with one authorized factura, the secuenciales 1..n with none skipped or
// given twice, each access key once at the SRI (DESIGN Invoicing throughput).
import { auditRaffle } from '@vag/core/audit/invariants';
import { invoices } from '@vag/core/db/invoices';
import { waitFor } from '@vag/core/testing/wait';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startInvoicesRig, type InvoicesRig } from '../testing/invoices-processes';

const PURCHASES = 120;
/** Times the first process may be frozen outside a block before the test gives up. */
const FREEZE_TRIES = 40;

let rig: InvoicesRig;
beforeEach(async () => {
  // Twelve partitions, as production's topics: the process numbers twelve events at once.
  rig = await startInvoicesRig({ name: 'invoices-stopped', partitions: 12 });
});
afterEach(() => rig.stop());

/** Claims whose document does not carry their number yet: a block claimed, not yet written. */
async function uncopiedClaims(): Promise<number> {
  const [claims, unnumbered] = await Promise.all([
    rig.db.collection<{ invoiceId: string }>('invoice_sequences').find().toArray(),
    invoices(rig.db)
      .find({ number: 0 }, { projection: { _id: 1 } })
      .toArray(),
  ]);
  const waiting = new Set(unnumbered.map((d) => d._id));
  return claims.filter((c) => waiting.has(c.invoiceId)).length;
}

it('a process frozen mid-block, its events taken over and then woken, leaves no secuencial skipped or repeated', async () => {
  const ids = await rig.sell(PURCHASES);

  // The first process numbers the sale's facturas; it is frozen the moment a block of its
  // claims is in the store and not yet on its documents (woken and frozen again until so).
  const first = rig.start('first');
  let frozenWith = 0;
  for (let i = 0; i < FREEZE_TRIES && frozenWith === 0; i++) {
    await waitFor(async () => (await uncopiedClaims()) > 0, {
      timeoutMs: 60_000,
      intervalMs: 2,
      message: `a block claimed by the first process\n${first.logTail()}`,
    });
    first.child.kill('SIGSTOP');
    frozenWith = await uncopiedClaims();
    if (frozenWith === 0) first.child.kill('SIGCONT');
  }
  expect(frozenWith, 'the first process frozen between claiming and writing').toBeGreaterThan(0);

  // A second process in the group: once the frozen one's session ends, it has every event.
  const second = rig.start('second');
  await waitFor(
    async () => (await invoices(rig.db).countDocuments({ status: 'autorizada' })) === PURCHASES,
    { timeoutMs: 150_000, message: `${PURCHASES} authorized facturas\n${second.logTail()}` },
  );

  // The frozen process wakes with its stale block and documents, and finishes what it held.
  first.child.kill('SIGCONT');
  await first.stop(30_000);

  const docs = await invoices(rig.db).find().toArray();
  expect(docs).toHaveLength(PURCHASES);
  expect(docs.map((d) => d.number).sort((a, b) => a - b)).toEqual(
    Array.from({ length: PURCHASES }, (_, i) => i + 1),
  );
  expect(docs.every((d) => d.status === 'autorizada')).toBe(true);
  expect(new Set(docs.map((d) => d.purchaseId))).toEqual(new Set(ids));
  expect(rig.sri.documents.size).toBe(PURCHASES);
  const check = (await auditRaffle(rig.db)).results.find((r) => r.id === 'invoices');
  expect(check?.ok, check?.details.join('\n')).toBe(true);
}, 300_000);
