// Bank statements end to end, against the real store, the workers and fake e-mail/SMS
// providers: a statement file goes in, orders whose code and total a credit names get
// their numbers, their e-mail and SMS and an audit entry; the rest wait for staff with
// their reason. Importing again (the same file, or after an import stopped half-way)
// confirms nothing twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BANK_STATEMENT_TEXTS,
  IMPORT_KEY_ACTOR,
  ORDER_MESSAGES,
  TOPICS,
  type ColumnMapping,
  statementLineSchema,
  type StatementLine,
} from '@vag/contracts';
import type { BusMessage } from '@vag/core/bus/bus';
import { getPurchase, type PurchaseDoc } from '@vag/core/db/purchases';
import { expireOrder } from '@vag/core/purchase-lifecycle/expire';
import { importStatement } from '@vag/core/bank-statements/import';
import {
  AUTOMATIC_RECONCILIATION,
  AuditBatch,
  payPendingFromLines,
} from '@vag/core/bank-statements/pay-from-line';
import { confirmTransferPayment } from '@vag/core/purchase-lifecycle/apply-payment';
import { listLines } from '@vag/core/db/bank-statements';
import { activeRaffle, customOrder, numbersOf, postJson } from '@vag/api/payments/test-fixtures';
import { bearer, createStaff } from '@vag/api/testing/seed';
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import { waitFor } from '@vag/core/testing/wait';
import { startTestServer, type TestServer } from '../testing/server';

let fakes: FakeProviders;
let server: TestServer;
let api: string;
let admin: { authorization: string };
let adminEmail: string;
const published: BusMessage[] = [];
const E = BANK_STATEMENT_TEXTS.errors;

beforeAll(async () => {
  fakes = await startFakeProviders();
  server = await startTestServer({ env: { ...fakes.env, NOTIFY_RESEND_SECONDS: '3600' } });
  api = `${server.url}/api`;
  await activeRaffle(server.db, { totalNumbers: 60, pricePerNumber: 1.5 });
  const staff = await createStaff(server.db, { role: 'admin', deps: server.deps });
  admin = bearer(staff.token);
  adminEmail = staff.user.email;
  await server.deps.bus.subscribe({
    groupId: 'bank-statements-probe',
    topics: [TOPICS['purchase.paid']],
    handler: async (message) => {
      published.push(message);
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await fakes?.stop();
});

/** A bank-transfer order of `quantity` numbers at $1,50: its purchase. */
async function order(quantity: number): Promise<PurchaseDoc> {
  const created = await postJson(
    `${api}/payments/create-order`,
    customOrder('bank_transfer', quantity),
  );
  expect(created.status).toBe(201);
  return (await getPurchase(server.db, created.body.purchaseId))!;
}

const money = (dollars: number) => dollars.toFixed(2).replace('.', ',');

/** A statement in the shape of fixtures/semicolon-latin1-decimal-comma.csv, in windows-1252. */
function statement(
  lines: Array<[day: number, concept: string, kind: 'C' | 'D', amount: number]>,
): Buffer {
  const rows = [
    'BANCO DE EJEMPLO S.A.;;;;;;',
    'Cuenta: 2201234567;Titular: VOY A GANAR S.A.;;;;;',
    ';;;;;;',
    'Fecha;Concepto;Tipo;Documento;Oficina;Monto;Saldo',
    ...lines.map(
      ([day, concept, kind, amount], i) =>
        `${String(day).padStart(2, '0')}/11/2026;${concept};${kind};${90000 + i};MATRIZ;${money(amount)};`,
    ),
  ];
  return Buffer.from(rows.join('\r\n') + '\r\n', 'latin1');
}

async function upload(
  path: string,
  file: Buffer,
  fields: Record<string, string> = {},
  headers: Record<string, string> = admin,
) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(file)]), fields.fileName ?? 'estado-noviembre.csv');
  form.set('bankAccount', '0');
  for (const [name, value] of Object.entries(fields))
    if (name !== 'fileName') form.set(name, value);
  const res = await fetch(`${api}${path}`, { method: 'POST', headers, body: form });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers field by field
  const body: any = await res.json();
  return { status: res.status, body };
}

async function linesOf(importId: string): Promise<StatementLine[]> {
  const filter = encodeURIComponent(JSON.stringify({ importId }));
  const res = await fetch(`${api}/admin/bank-statement-lines?filter=${filter}&sort=["row","ASC"]`, {
    headers: admin,
  });
  return (await res.json()) as StatementLine[];
}

const paidEvents = (purchaseId: string) =>
  new Set(
    published
      .filter((m) => m.key === purchaseId && m.topic === TOPICS['purchase.paid'])
      .map((m) => (m.value as { id: string }).id),
  );

async function auditOf(purchaseId: string) {
  return server.db.collection('audit_log').find({ purchaseId }).sort({ at: 1 }).toArray();
}

/** The columns of statement(), as the preview guesses them. */
const mapping: ColumnMapping = {
  headerRow: 3,
  date: 0,
  description: 1,
  reference: 3,
  amount: 5,
  credit: null,
  debit: null,
  kind: 2,
  dateFormat: 'DD/MM/YYYY',
  decimalSeparator: ',',
};

describe('importing a bank statement', () => {
  it('POST /api/admin/bank-statements confirms the orders whose code and total a credit names (numbers, e-mail, SMS, audit "conciliación automática" with file and row); the others wait with their reason', async () => {
    const [exact, short, cut, late] = [
      await order(2),
      await order(1),
      await order(1),
      await order(1),
    ];
    await expireOrder(server.deps, late, { at: new Date() });
    const code = (p: PurchaseDoc) => p.orderCode!;
    const file = statement([
      [27, `TRANSF DE MARÍA ${code(exact).replace('-', ' ').toLowerCase()}`, 'C', 3],
      [27, `PAGO ${code(short)}`, 'C', 1],
      [27, `TRANSFERENCIA INTERBANCARIA DE JUAN ${code(cut).slice(0, 7)}`, 'C', 1.5],
      [27, 'COMISION TRANSFERENCIA', 'D', 0.41],
      [28, `PAGO RIFA ${code(late)}`, 'C', 1.5],
      [28, 'DEPOSITO EN EFECTIVO', 'C', 25],
    ]);

    const preview = await upload('/admin/bank-statements/preview', file);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      encoding: 'windows-1252',
      columns: ['Fecha', 'Concepto', 'Tipo', 'Documento', 'Oficina', 'Monto', 'Saldo'],
      totalRows: 10,
      mapping,
    });
    expect(preview.body.lines[0]).toMatchObject({
      row: 5,
      date: '2026-11-27',
      amount: 3,
      error: null,
    });

    const imported = await upload('/admin/bank-statements', file, {
      mapping: JSON.stringify(mapping),
    });
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({
      fileName: 'estado-noviembre.csv',
      bankAccountLabel: 'Banco Pichincha · Ahorros 2201234567',
      createdBy: adminEmail,
      state: 'done',
      lines: 6,
      credits: 5,
      debits: 1,
      confirmed: 2,
      lateConfirmed: 1,
      refundsDue: 0,
      needsReview: 3,
      duplicates: 0,
    });

    const paid = await numbersOf(server.db, exact._id);
    expect(paid.status).toBe('COMPLETED');
    expect(paid.assignedNumbers).toHaveLength(2);
    expect(paid.bankTransfer).toMatchObject({
      received: true,
      bankName: 'Banco Pichincha',
      confirmedBy: AUTOMATIC_RECONCILIATION,
    });
    await waitFor(
      () =>
        fakes.smtp.mails.find(
          (m) => m.to.includes(paid.buyer.email) && m.text.includes(paid.assignedNumbers[0]!),
        ),
      { message: 'the numbers e-mail' },
    );
    await waitFor(
      () => fakes.twilio.messages.find((m) => m.body.includes(paid.assignedNumbers[0]!)),
      { message: 'the numbers SMS' },
    );
    const [entry] = await auditOf(exact._id);
    expect(entry).toMatchObject({
      action: 'payment.confirmed',
      actor: adminEmail,
      description: BANK_STATEMENT_TEXTS.audit.reconciled(
        code(exact),
        'estado-noviembre.csv',
        5,
        'auto',
      ),
    });
    expect(entry!.description).toContain('conciliación automática');

    // The hold had run out and numbers remained: new numbers, same order.
    const revived = await numbersOf(server.db, late._id);
    expect(revived.status).toBe('COMPLETED');
    expect(revived.assignedNumbers).toHaveLength(1);

    // The cut code never confirms, even with the right total.
    expect((await getPurchase(server.db, cut._id))!.status).toBe('PENDING');
    expect((await getPurchase(server.db, short._id))!.status).toBe('PENDING');

    const lines = await linesOf(imported.body.id);
    // The answer is exactly what the OpenAPI document says (no field more).
    for (const line of lines) statementLineSchema.strict().parse(line);
    expect(lines.map((l) => [l.row, l.status, l.reason, l.orderCode])).toEqual([
      [5, 'confirmed', null, code(exact)],
      [6, 'needs_review', 'amount_less', code(short)],
      [7, 'needs_review', 'partial_code', null],
      [8, 'debit', null, null],
      [9, 'confirmed', null, code(late)],
      [10, 'needs_review', 'no_code', null],
    ]);
    expect(lines[2]!.candidates.map((c) => c.orderCode)).toContain(code(cut));
    expect(lines[4]!.late).toBe(true);

    // The review queue shows staff that the bank has a line for the short order.
    const filter = encodeURIComponent(JSON.stringify({ id: [short._id] }));
    const queue = (await (
      await fetch(`${api}/purchases?filter=${filter}`, { headers: admin })
    ).json()) as Array<{ bankLine?: unknown }>;
    expect(queue[0]!.bankLine).toEqual({
      id: lines[1]!.id,
      date: '2026-11-27',
      amount: 1,
      status: 'needs_review',
    });
  });

  it('importing the same file again confirms nothing twice: each line is a duplicate, each order paid once', async () => {
    const first = await order(1);
    const file = statement([
      [28, `PAGO ${first.orderCode}`, 'C', 1.5],
      [28, `PAGO ${first.orderCode}`, 'C', 1.5],
    ]);
    const once = await upload('/admin/bank-statements', file, { mapping: JSON.stringify(mapping) });
    // Two identical transfers in one statement are two lines: the second finds the order paid.
    expect(once.body).toMatchObject({ lines: 2, confirmed: 1, needsReview: 1, duplicates: 0 });
    const twice = await upload('/admin/bank-statements', file, {
      mapping: JSON.stringify(mapping),
    });
    expect(twice.body).toMatchObject({ lines: 2, confirmed: 0, needsReview: 0, duplicates: 2 });
    expect((await linesOf(twice.body.id)).map((l) => l.status)).toEqual(['duplicate', 'duplicate']);
    await numbersOf(server.db, first._id);
    await waitFor(() => paidEvents(first._id).size === 1, { message: 'the paid event' });
    expect((await auditOf(first._id)).filter((e) => e.action === 'payment.confirmed')).toHaveLength(
      1,
    );
  });

  it('an import that stopped half-way (between paying orders and recording their lines) is finished by importing the file again, each order confirmed once', async () => {
    const orders = [await order(1), await order(1), await order(1), await order(1), await order(1)];
    const file = statement(
      orders.map((o, i) => [27, `TRANSFERENCIA ${o.orderCode} CLIENTE ${i}`, 'C', 1.5]),
    );
    // The api dies after paying three orders, before writing the lines that paid them.
    const stopped = await importStatement(
      server.deps,
      {
        data: file,
        fileName: 'corte.csv',
        bankAccount: 0,
        mapping,
        by: { id: 'x', email: adminEmail },
      },
      { stopAfter: 3 },
    );
    const written = await listLines(server.db, { importId: stopped._id }, { skip: 0, limit: 10 });
    expect(written.total).toBe(0);
    const paidBefore = await server.db
      .collection('purchases')
      .countDocuments({ _id: { $in: orders.map((o) => o._id) } as never, status: 'COMPLETED' });
    expect(paidBefore).toBe(3);

    const again = await upload('/admin/bank-statements', file, {
      mapping: JSON.stringify(mapping),
      fileName: 'corte.csv',
    });
    expect(again.body).toMatchObject({ lines: 5, confirmed: 5, needsReview: 0, duplicates: 0 });
    const lines = await listLines(server.db, { status: 'confirmed' }, { skip: 0, limit: 50 });
    for (const o of orders)
      expect(lines.items.filter((l) => l.purchaseId === o._id)).toHaveLength(1);
    for (const o of orders) {
      const done = await numbersOf(server.db, o._id);
      expect(done.assignedNumbers).toHaveLength(1);
      await waitFor(() => paidEvents(o._id).size === 1, {
        message: `paid event of ${o.orderCode}`,
      });
      expect((await auditOf(o._id)).filter((e) => e.action === 'payment.confirmed')).toHaveLength(
        1,
      );
    }
  });

  it('lines paying their orders together leave alone an order staff confirmed meanwhile', async () => {
    const [stale, fresh] = [await order(1), await order(1)];
    // Staff confirm `stale` from its receipt after the import read it as unpaid.
    await confirmTransferPayment(server.deps, stale, {
      referenceCode: 'REF-1',
      bankName: 'Banco Pichincha',
      staff: { id: 'x', email: adminEmail },
    });
    const line = (id: string, row: number) => ({
      _id: id,
      fileName: 'lote.csv',
      row,
      reference: '',
      description: 'PAGO',
    });
    const paid = await payPendingFromLines(
      server.deps,
      [
        { purchase: stale, line: line('line-stale', 5) },
        { purchase: fresh, line: line('line-fresh', 6) },
      ],
      {
        actor: 'sistema',
        confirmedBy: AUTOMATIC_RECONCILIATION,
        how: 'auto',
        bankName: 'Banco Pichincha',
      },
      new AuditBatch(),
    );
    expect(paid.map((p) => [p.purchase.status, p.paidByLine])).toEqual([
      ['COMPLETED', false],
      ['COMPLETED', true],
    ]);
    expect((await getPurchase(server.db, stale._id))!.bankTransfer?.referenceCode).toBe('REF-1');
    await numbersOf(server.db, fresh._id);
  });

  it('a file with one unreadable row is refused naming the row, and nothing of it is confirmed', async () => {
    const victim = await order(1);
    const good = statement([[27, `PAGO ${victim.orderCode}`, 'C', 1.5]]).toString('latin1');
    const broken = Buffer.from(`${good}28/11/2026;PAGO VAG-ZZZZZZ;C;1;MATRIZ;12.50;\r\n`, 'latin1');
    const refused = await upload('/admin/bank-statements', broken, {
      mapping: JSON.stringify(mapping),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(E.fileRefused(E.badAmount(6, '12.50'), 0));
    expect((await getPurchase(server.db, victim._id))!.status).toBe('PENDING');

    const empty = await upload('/admin/bank-statements', Buffer.alloc(0));
    expect(empty.body).toMatchObject({ msg: E.empty, errors: { file: E.empty } });
    const huge = await upload('/admin/bank-statements', Buffer.alloc(10 * 1024 * 1024 + 10, 0x41));
    expect(huge.status).toBe(413);
    expect(huge.body.msg).toBe(E.tooLarge);
  });

  it('staff assign a line to an order (confirming it) or set it aside with a reason; both are audited', async () => {
    const target = await order(1);
    const file = statement([
      [28, 'TRANSFERENCIA SIN CODIGO', 'C', 1.5],
      [28, 'DEVOLUCION PROVEEDOR', 'C', 40],
    ]);
    const imported = await upload('/admin/bank-statements', file, {
      mapping: JSON.stringify(mapping),
    });
    const [noCode, other] = await linesOf(imported.body.id);

    const assigned = await postJson(
      `${api}/admin/bank-statement-lines/${noCode!.id}/assign`,
      { orderCode: target.orderCode!.toLowerCase() },
      admin,
    );
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({
      status: 'assigned',
      orderCode: target.orderCode,
      handledBy: adminEmail,
      msg: BANK_STATEMENT_TEXTS.assigned(target.orderCode!),
    });
    expect((await numbersOf(server.db, target._id)).status).toBe('COMPLETED');
    expect((await auditOf(target._id)).map((e) => e.action)).toEqual([
      'payment.confirmed',
      'bank_line.assigned',
    ]);

    const again = await postJson(
      `${api}/admin/bank-statement-lines/${noCode!.id}/assign`,
      { orderCode: target.orderCode },
      admin,
    );
    expect(again).toMatchObject({ status: 409, body: { msg: E.notReviewable } });
    const paidOrder = await postJson(
      `${api}/admin/bank-statement-lines/${other!.id}/assign`,
      { orderCode: target.orderCode },
      admin,
    );
    expect(paidOrder).toMatchObject({ status: 409, body: { msg: E.orderPaid } });
    const unknown = await postJson(
      `${api}/admin/bank-statement-lines/${other!.id}/assign`,
      { orderCode: 'VAG-ZZZZZZ' },
      admin,
    );
    expect(unknown).toMatchObject({ status: 404, body: { msg: E.orderNotFound } });

    const aside = await postJson(
      `${api}/admin/bank-statement-lines/${other!.id}/set-aside`,
      { reason: 'Devolución de un proveedor, no es una venta' },
      admin,
    );
    expect(aside.body).toMatchObject({
      status: 'set_aside',
      note: 'Devolución de un proveedor, no es una venta',
    });
    const entry = await server.db
      .collection('audit_log')
      .findOne({ action: 'bank_line.set_aside' });
    expect(entry?.description).toBe(
      BANK_STATEMENT_TEXTS.audit.setAside(
        'estado-noviembre.csv',
        6,
        40,
        'Devolución de un proveedor, no es una venta',
      ),
    );
  });

  it('a line short of its order does not complete it: the order stays pending and says what is missing (to staff and to the buyer); the rest completes it, or staff confirm it short with a reason', async () => {
    const [target, accepted] = [await order(3), await order(3)];
    const file = statement([
      [29, 'TRANSFERENCIA SIN CODIGO', 'C', 4],
      [29, 'OTRA TRANSFERENCIA SIN CODIGO', 'C', 4],
    ]);
    const imported = await upload('/admin/bank-statements', file, {
      mapping: JSON.stringify(mapping),
    });
    const [short, shortToo] = await linesOf(imported.body.id);

    // $4,00 for a $4,50 order: assigned, counted, not paid.
    const assigned = await postJson(
      `${api}/admin/bank-statement-lines/${short!.id}/assign`,
      { orderCode: target.orderCode },
      admin,
    );
    expect(assigned).toMatchObject({
      status: 200,
      body: {
        status: 'assigned',
        reason: 'amount_less',
        msg: BANK_STATEMENT_TEXTS.assignedShort(target.orderCode!, 0.5),
      },
    });
    const pending = (await getPurchase(server.db, target._id))!;
    expect(pending.status).toBe('PENDING');
    expect(pending.shortPayment).toMatchObject({ receivedCents: 400 });
    const page = await fetch(`${api}/orders/${target._id}?key=${target.accessKey}`);
    expect(((await page.json()) as { shortPayment: unknown }).shortPayment).toEqual({
      received: 4,
      missing: 0.5,
    });
    // Staff confirming it by hand must say why they take less.
    const byHand = await fetch(`${api}/purchases/${target._id}/confirm-transfer`, {
      method: 'PATCH',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ referenceCode: 'REF-77', bankName: 'Banco Pichincha' }),
    });
    expect(byHand.status).toBe(409);
    expect(((await byHand.json()) as { msg: string }).msg).toBe(
      ORDER_MESSAGES.shortNeedsReason('$0,50'),
    );

    // The missing $0,50 arrives with the code: the two lines pay the order.
    const rest = await upload(
      '/admin/bank-statements',
      statement([[30, `PAGO RESTO ${target.orderCode}`, 'C', 0.5]]),
      { mapping: JSON.stringify(mapping) },
    );
    expect(rest.body).toMatchObject({ confirmed: 1, needsReview: 0 });
    expect((await numbersOf(server.db, target._id)).assignedNumbers).toHaveLength(3);

    // Staff may confirm a short line with their reason: kept on the order and audited.
    const confirmed = await postJson(
      `${api}/admin/bank-statement-lines/${shortToo!.id}/assign`,
      {
        orderCode: accepted.orderCode,
        acceptShortReason: 'El banco cobró la comisión al comprador',
      },
      admin,
    );
    expect(confirmed).toMatchObject({
      status: 200,
      body: { msg: BANK_STATEMENT_TEXTS.assignedShortAccepted(accepted.orderCode!, 0.5) },
    });
    expect((await numbersOf(server.db, accepted._id)).shortPayment?.accepted).toMatchObject({
      by: adminEmail,
      reason: 'El banco cobró la comisión al comprador',
    });
    expect((await auditOf(accepted._id)).map((e) => e.action)).toContain('payment.short');
  });

  it('an import counts a short credit toward its order and leaves it pending; a line for an order staff confirmed by hand with its reference is that payment, recognised', async () => {
    const [short, byHand, byHandOtherRef] = [await order(3), await order(1), await order(1)];
    for (const [purchase, referenceCode] of [
      [byHand, '90001'],
      [byHandOtherRef, '123'],
    ] as const)
      await confirmTransferPayment(server.deps, purchase, {
        referenceCode,
        bankName: 'Banco Pichincha',
        staff: { id: 'x', email: adminEmail },
      });
    const imported = await upload(
      '/admin/bank-statements',
      statement([
        [30, `PAGO ${short.orderCode}`, 'C', 4],
        [30, `PAGO ${byHand.orderCode}`, 'C', 1.5],
        [30, `PAGO ${byHandOtherRef.orderCode}`, 'C', 1.5],
      ]),
      { mapping: JSON.stringify(mapping) },
    );
    const [shortLine, recognised, otherRef] = await linesOf(imported.body.id);
    expect(shortLine).toMatchObject({ status: 'needs_review', reason: 'amount_less' });
    expect((await getPurchase(server.db, short._id))!).toMatchObject({
      status: 'PENDING',
      shortPayment: { receivedCents: 400 },
    });
    expect(recognised).toMatchObject({
      status: 'recognised',
      reason: null,
      orderCode: byHand.orderCode,
    });
    expect(otherRef).toMatchObject({ status: 'needs_review', reason: 'already_paid' });
  });

  it("POST /api/bank-statements takes the import key made in Ajustes (or a staff token) and the account's remembered mapping", async () => {
    const target = await order(1);
    const file = statement([[28, `VAG${target.orderCode!.slice(4)}`, 'C', 1.5]]);
    expect((await upload('/bank-statements', file, {}, {})).status).toBe(401);
    expect(
      (await upload('/bank-statements', file, {}, { 'x-import-key': 'vagik_nope' })).body.msg,
    ).toBe(E.importKey);

    const made = await postJson(`${api}/admin/bank-statements/import-key`, {}, admin);
    expect(made.status).toBe(201);
    const state = await (
      await fetch(`${api}/admin/bank-statements/import-key`, { headers: admin })
    ).json();
    expect(state).toMatchObject({ exists: true, createdBy: adminEmail });
    expect(JSON.stringify(state)).not.toContain(made.body.key);

    const byKey = await upload('/bank-statements', file, {}, { 'x-import-key': made.body.key });
    expect(byKey.status).toBe(201);
    expect(byKey.body).toMatchObject({ createdBy: IMPORT_KEY_ACTOR, confirmed: 1 });
    expect((await numbersOf(server.db, target._id)).status).toBe('COMPLETED');
  });

  it('the mapping staff confirmed is remembered for that bank account, for files with the same header row', async () => {
    const file = statement([[28, 'DEPOSITO', 'C', 3]]);
    // Staff read the dates as month first for this account (a corrected guess).
    const corrected = { ...mapping, dateFormat: 'MM/DD/YYYY' as const };
    const monthFirst = Buffer.from(
      file.toString('latin1').replace('28/11/2026', '11/28/2026'),
      'latin1',
    );
    expect(
      (await upload('/admin/bank-statements', monthFirst, { mapping: JSON.stringify(corrected) }))
        .status,
    ).toBe(201);
    const again = await upload('/admin/bank-statements/preview', monthFirst);
    expect(again.body).toMatchObject({ remembered: true, mapping: corrected });
    expect(again.body.lines[0]).toMatchObject({ date: '2026-11-28', error: null });

    const otherShape = Buffer.from('Fecha;Descripción;Valor\n27/11/2026;DEPOSITO;3,00\n');
    const guessed = await upload('/admin/bank-statements/preview', otherShape);
    expect(guessed.body).toMatchObject({
      remembered: false,
      mapping: { headerRow: 0, amount: 2, dateFormat: 'DD/MM/YYYY' },
    });
  });

  it('a transfer after its hold ran out, when no numbers remain: "pago recibido, sin números: reembolsar", listed for refund', async () => {
    const late = await order(1);
    await expireOrder(server.deps, late, { at: new Date() });
    const capacity = await server.db
      .collection<{ _id: string; available: number }>('raffles')
      .findOne({ _id: late.raffleId });
    // Another buyer takes every number left.
    if (capacity!.available > 0) await order(capacity!.available);
    const file = statement([[28, `PAGO ${late.orderCode}`, 'C', 1.5]]);
    const imported = await upload('/admin/bank-statements', file, {
      mapping: JSON.stringify(mapping),
    });
    expect(imported.body).toMatchObject({ confirmed: 0, refundsDue: 1 });
    const [line] = await linesOf(imported.body.id);
    expect(line).toMatchObject({
      status: 'needs_review',
      reason: 'refund_due',
      orderCode: late.orderCode,
    });
    expect(BANK_STATEMENT_TEXTS.reasons.refund_due).toBe('Pago recibido, sin números: reembolsar');
    expect((await getPurchase(server.db, late._id))!.status).toBe('REFUND_REQUIRED');
    const filter = encodeURIComponent(JSON.stringify({ status: 'REFUND_REQUIRED' }));
    const refunds = (await (
      await fetch(`${api}/purchases?filter=${filter}`, { headers: admin })
    ).json()) as Array<{ _id: string }>;
    expect(refunds.map((p) => p._id)).toContain(late._id);
  });
});
