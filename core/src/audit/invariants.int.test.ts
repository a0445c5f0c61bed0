// The audit must catch each broken invariant it claims to check, and pass a clean sellout.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reconcileFacts } from '../db/report-facts';
import { createTestDatabase, type TestDatabase } from '../testing/test-db';
import { auditRaffle, type AuditReport } from './invariants';

type Doc = { _id: string; [field: string]: unknown };

const N = 20;
const expired = new Date(Date.now() - 3_600_000);
const later = new Date(Date.now() + 3_600_000);

/** A purchase with what the reports list of it, at $1 a number. */
function purchase(status: string, quantity: number, extra: Record<string, unknown> = {}) {
  return {
    _id: randomUUID(),
    raffleId: 'current',
    createdAt: new Date(),
    buyer: { firstName: 'Ana', lastName: 'Pérez', email: 'ana@example.ec' },
    paymentMethod: 'paypal',
    resellerCode: null,
    packageType: 'custom',
    status,
    quantity,
    totalPrice: quantity,
    ...extra,
  };
}

function completed(numbers: number[], extra: Record<string, unknown> = {}) {
  return purchase('COMPLETED', numbers.length, {
    assignedNumbers: numbers.map((n) => String(n).padStart(2, '0')),
    reservation: { active: false, expiresAt: later },
    notifications: { email: { status: 'sent' }, sms: { status: 'logged' } },
    paidAt: new Date(),
    ...extra,
  });
}

function failing(report: AuditReport): string[] {
  return report.results.filter((r) => !r.ok).map((r) => r.id);
}

describe('sellout audit', () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase();
  });
  afterEach(async () => {
    await t.drop();
  });

  /**
   * The raffle, the purchases and, unless told otherwise, one claim per completed
   * purchase and the reports' fact of each purchase.
   */
  async function seed(
    purchases: object[],
    raffle: Record<string, unknown> = {},
    { claims = true, reports = true } = {},
  ) {
    const sold = purchases
      .filter((p) => (p as { status: string }).status === 'COMPLETED')
      .reduce((s, p) => s + (p as { quantity: number }).quantity, 0);
    await t.db.collection<Doc>('raffles').insertOne({
      _id: 'current',
      totalNumbers: N,
      numberWidth: 2,
      numbersGenerated: true,
      available: N - sold,
      reserved: 0,
      sold,
      soldOut: sold === N,
      ...raffle,
    });
    if (purchases.length) await t.db.collection('purchases').insertMany(purchases as never[]);
    if (reports) await reconcileFacts(t.db, async () => purchases as never[]);
    let start = 0;
    for (const p of purchases as Array<{ _id: string; status: string; quantity: number }>) {
      if (!claims || p.status !== 'COMPLETED') continue;
      await t.db.collection<Doc>('number_claims').insertOne({
        _id: `current:${start}`,
        raffleId: 'current',
        start,
        count: p.quantity,
        purchaseId: p._id,
      });
      start += p.quantity;
    }
  }

  it('passes a clean sold-out raffle', async () => {
    await seed([
      completed([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
      completed([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]),
    ]);
    const report = await auditRaffle(t.db);
    expect(failing(report)).toEqual([]);
    expect(report.stats.assigned).toBe(N);
  });

  it('fails I1 when a number is held by two purchases', async () => {
    await seed([completed([1, 2]), completed([2, 3])]);
    expect(failing(await auditRaffle(t.db))).toContain('I1');
  });

  it('fails I2 when sold out with fewer numbers assigned than N', async () => {
    await seed([completed([1, 2])], { available: 0, sold: N });
    expect(failing(await auditRaffle(t.db))).toContain('I2');
  });

  it('fails I3 when a completed purchase is short of its quantity', async () => {
    await seed([completed([1, 2], { quantity: 3 })]);
    expect(failing(await auditRaffle(t.db))).toEqual(expect.arrayContaining(['I3']));
  });

  it('fails the notification check when an SMS failed', async () => {
    await seed([
      completed([4], { notifications: { email: { status: 'sent' }, sms: { status: 'failed' } } }),
    ]);
    expect(failing(await auditRaffle(t.db))).toEqual(['notify']);
  });

  const phone = (via: string, channel: string) => ({
    notifications: { email: { status: 'sent' }, sms: { status: 'sent', via } },
    messaging: { channel, optIn: null },
  });

  /** A numbers message Twilio took for a purchase (its delivery record), as the sender keeps it. */
  async function took(
    purchaseId: string,
    channel: 'whatsapp' | 'sms',
    extra: Record<string, unknown> = {},
  ): Promise<string> {
    const _id = `SM${randomUUID().replace(/-/g, '')}`;
    await t.db.collection<Doc>('message_deliveries').insertOne({
      _id,
      purchaseId,
      message: 'numbers',
      channel,
      to: '+593987654321',
      status: 'queued',
      errorCode: null,
      history: [],
      createdAt: new Date(),
      updatedAt: new Date(),
      ...extra,
    });
    return _id;
  }

  it('counts the phone messages by channel, SMS fallbacks of WhatsApp passing', async () => {
    const byWhatsapp = completed([5], phone('whatsapp', 'whatsapp'));
    const refusedAtOnce = completed([6], phone('sms', 'whatsapp'));
    const failedLater = completed([7], phone('whatsapp', 'whatsapp'));
    const bySms = completed([8], phone('sms', 'sms'));
    await seed([byWhatsapp, refusedAtOnce, failedLater, bySms]);
    await took(byWhatsapp._id, 'whatsapp');
    await took(refusedAtOnce._id, 'sms');
    const sms = await took(failedLater._id, 'sms');
    await took(failedLater._id, 'whatsapp', {
      status: 'failed',
      errorCode: 63016,
      fallbackSid: sms,
    });
    await took(bySms._id, 'sms');
    const report = await auditRaffle(t.db);
    expect(failing(report), JSON.stringify(report.results)).toEqual([]);
    expect(JSON.stringify(report.results.find((r) => r.id === 'notify'))).toContain(
      'phone: 1 by WhatsApp, 3 by SMS (2 of them WhatsApp',
    );
  });

  it('fails the notification check when a buyer got the numbers on both channels or twice', async () => {
    const both = completed([5], phone('whatsapp', 'whatsapp'));
    const twice = completed([6], phone('sms', 'sms'));
    await seed([both, twice]);
    await took(both._id, 'whatsapp');
    await took(both._id, 'sms');
    await took(twice._id, 'sms');
    await took(twice._id, 'sms');
    const report = await auditRaffle(t.db);
    const notify = JSON.stringify(report.results.find((r) => r.id === 'notify'));
    expect(failing(report)).toEqual(['notify']);
    expect(notify).toContain(`${both._id}: WhatsApp and 1 SMS`);
    expect(notify).toContain(`${twice._id}: 2 numbers messages by SMS`);
  });

  it('fails the notification check for an SMS fallback after a WhatsApp failure that was not for good', async () => {
    const p = completed([5], phone('whatsapp', 'whatsapp'));
    await seed([p]);
    const sms = await took(p._id, 'sms');
    // 30003: the phone was unreachable, WhatsApp would have delivered later.
    await took(p._id, 'whatsapp', { status: 'undelivered', errorCode: 30003, fallbackSid: sms });
    const report = await auditRaffle(t.db);
    expect(failing(report)).toEqual(['notify']);
    expect(JSON.stringify(report.results)).toContain('SMS fallback after WhatsApp undelivered');
  });

  it('fails the notification check when WhatsApp went to a buyer who chose SMS', async () => {
    await seed([completed([7], phone('whatsapp', 'sms'))]);
    expect(failing(await auditRaffle(t.db))).toEqual(['notify']);
  });

  it('fails the pending check for a reservation left past its expiry', async () => {
    await seed([purchase('PENDING', 2, { reservation: { active: true, expiresAt: expired } })], {
      available: N - 2,
      reserved: 2,
    });
    expect(failing(await auditRaffle(t.db))).toEqual(['pending']);
  });

  it('fails the claims check when two claims overlap', async () => {
    const a = completed([5, 6]);
    const b = completed([7, 8]);
    await seed([a, b], {}, { claims: false });
    await t.db.collection<Doc>('number_claims').insertMany([
      { _id: 'current:0', raffleId: 'current', start: 0, count: 2, purchaseId: a._id },
      { _id: 'current:1', raffleId: 'current', start: 1, count: 2, purchaseId: b._id },
    ]);
    expect(failing(await auditRaffle(t.db))).toEqual(['claims']);
  });

  it('fails the reports check when the reports miss a purchase or show an old status', async () => {
    const shown = completed([0, 1]);
    const behind = completed([2, 3]);
    const missing = completed([4, 5]);
    await seed([shown, behind, missing], {}, { reports: false });
    // Expired, then paid late: the paid event not projected yet.
    await reconcileFacts(t.db, async () => [shown, { ...behind, status: 'EXPIRED' }] as never[]);
    const report = await auditRaffle(t.db);
    expect(failing(report)).toEqual(['reports']);
    const details = report.results.find((r) => r.id === 'reports')!.details.join('\n');
    expect(details).toContain(`COMPLETED ${missing._id} missing from the reports`);
    expect(details).toContain(`${behind._id}: reports show EXPIRED × 2, purchase is COMPLETED × 2`);
    expect(details).toContain('reports total 2 paid numbers, purchases 6');
    expect(details).toContain('reports total 2 expired numbers, purchases 0');
  });

  describe('with electronic invoicing on', () => {
    const series = 'pruebas:1790011674001:001-001:factura';
    const factura = (purchaseId: string, number: number, status = 'autorizada') => ({
      _id: randomUUID(),
      kind: 'factura',
      series,
      number,
      secuencial: String(number).padStart(9, '0'),
      accessKey: `key-${number}-${randomUUID()}`,
      purchaseId,
      raffleId: 'current',
      status,
    });

    async function seedInvoicing(docs: object[]) {
      await t.db.collection<Doc>('invoicing_settings').insertOne({ _id: 'current', enabled: true });
      if (docs.length) await t.db.collection('invoices').insertMany(docs as never[]);
    }

    it('passes when every paid purchase has one authorized factura, numbered 1..n', async () => {
      const [a, b] = [completed([0]), completed([1])];
      await seed([a, b]);
      await seedInvoicing([factura(a._id, 1), factura(b._id, 2)]);
      const report = await auditRaffle(t.db);
      expect(failing(report)).toEqual([]);
      expect(report.results.map((r) => r.id)).toContain('invoices');
    });

    it('fails on a gap in the secuenciales', async () => {
      const [a, b] = [completed([0]), completed([1])];
      await seed([a, b]);
      await seedInvoicing([factura(a._id, 1), factura(b._id, 3)]);
      const report = await auditRaffle(t.db);
      expect(failing(report)).toEqual(['invoices']);
      expect(JSON.stringify(report.results)).toContain(`${series}: secuencial jumps from 1 to 3`);
    });

    it('fails on a secuencial given twice', async () => {
      const [a, b, c] = [completed([0]), completed([1]), completed([2])];
      await seed([a, b, c]);
      await seedInvoicing([factura(a._id, 1), factura(b._id, 2), factura(c._id, 2)]);
      const report = await auditRaffle(t.db);
      expect(failing(report)).toEqual(['invoices']);
      expect(JSON.stringify(report.results)).toContain(`${series}: secuencial 2 given twice`);
    });

    it('fails on a secuencial claimed but never given to its document (skipped)', async () => {
      const [a, b] = [completed([0]), completed([1])];
      await seed([a, b]);
      const [fa, fb] = [factura(a._id, 1), factura(b._id, 2)];
      await seedInvoicing([fa, fb]);
      // A block claimed 1..3; the third number's document never carried it.
      await t.db.collection<Doc>('invoice_sequences').insertMany([
        { _id: `${series}:1`, series, number: 1, invoiceId: fa._id },
        { _id: `${series}:2`, series, number: 2, invoiceId: fb._id },
        { _id: `${series}:3`, series, number: 3, invoiceId: 'lost' },
      ]);
      const report = await auditRaffle(t.db);
      expect(failing(report)).toEqual(['invoices']);
      expect(JSON.stringify(report.results)).toContain(
        `${series}: secuencial 3 claimed for lost but never given to it`,
      );
    });

    it('fails while a paid purchase has no factura or one not yet authorized', async () => {
      const [a, b] = [completed([0]), completed([1])];
      await seed([a, b]);
      await seedInvoicing([factura(a._id, 1, 'enviada')]);
      const details = JSON.stringify(await auditRaffle(t.db));
      expect(details).toContain(`COMPLETED ${a._id}: 1 facturas (enviada)`);
      expect(details).toContain(`COMPLETED ${b._id}: 0 facturas (none)`);
    });

    it('fails when a refunded purchase with an authorized factura has no nota de crédito', async () => {
      const refunded = purchase('REFUND_REQUIRED', 1);
      await seed([refunded]);
      await seedInvoicing([factura(refunded._id, 1)]);
      const report = await auditRaffle(t.db);
      expect(failing(report)).toEqual(['invoices']);
      expect(JSON.stringify(report)).toContain('authorized factura without its nota de crédito');
    });
  });
});
