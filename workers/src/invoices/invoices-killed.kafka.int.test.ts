// The invoices worker as its own process (`npm run workers -- invoices`), killed with
// SIGKILL while its facturas are at the SRI: the SRI received them, the store still says
// pendiente. The restarted process sends them again, reads "CLAVE ACCESO REGISTRADA" as
// "already there", and asks for the authorization: every paid purchase ends with exactly
// one authorized factura, the secuenciales 1..n, and the SRI holds each access key once.
import { auditRaffle } from '@vag/core/audit/invariants';
import { invoices } from '@vag/core/db/invoices';
import { waitFor } from '@vag/core/testing/wait';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startInvoicesRig, type InvoicesRig } from '../testing/invoices-processes';

const PURCHASES = 6;

let rig: InvoicesRig;
beforeEach(async () => {
  rig = await startInvoicesRig({ name: 'invoices-killed', partitions: 2 });
});
afterEach(() => rig.stop());

it('a worker killed between sending and recording leaves no factura twice and no gap', async () => {
  const ids = await rig.sell(PURCHASES);

  // The SRI takes its time to answer: the worker has sent, and waits.
  rig.sri.setDelay(4_000);
  const first = rig.start('first');
  await waitFor(
    () => rig.sri.requests.some((r) => r.path.endsWith('/RecepcionComprobantesOffline')),
    {
      timeoutMs: 60_000,
      message: `a factura sent to the SRI\n${first.logTail()}`,
    },
  );
  first.child.kill('SIGKILL');
  await first.exited;
  // The SRI finishes receiving what was sent; our store never heard the answer.
  await waitFor(() => rig.sri.documents.size > 0, { timeoutMs: 15_000, message: 'SRI received' });
  const unrecorded = await invoices(rig.db)
    .find({ status: 'pendiente', accessKey: { $in: [...rig.sri.documents.keys()] } })
    .toArray();
  expect(unrecorded.length).toBeGreaterThan(0);

  rig.sri.setDelay(0);
  const second = rig.start('second');
  await waitFor(
    async () => (await invoices(rig.db).countDocuments({ status: 'autorizada' })) === PURCHASES,
    { timeoutMs: 90_000, message: `${PURCHASES} authorized facturas\n${second.logTail()}` },
  );

  const docs = await invoices(rig.db).find().toArray();
  expect(docs.map((d) => d.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
  expect(new Set(docs.map((d) => d.purchaseId))).toEqual(new Set(ids));
  expect(rig.sri.documents.size).toBe(PURCHASES);
  // The kill's victims were sent twice: the second answer was "clave registrada".
  for (const doc of unrecorded) expect(rig.sri.documents.get(doc.accessKey)?.sends).toBe(2);
  const check = (await auditRaffle(rig.db)).results.find((r) => r.id === 'invoices');
  expect(check?.ok, check?.details.join('\n')).toBe(true);
}, 180_000);
