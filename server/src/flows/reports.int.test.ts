import { PERMISSIONS, REPORT_COLUMNS, STAFF_API_MESSAGES } from '@vag/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raffleWithNumbers } from '@vag/core/testing/raffle-fixtures';
import { apiCaller, bearer, createStaff, type CreatedStaff } from '@vag/api/testing/seed';
import { startTestServer, type TestServer } from '../testing/server';
import { PDFDocument } from 'pdf-lib';
import { pageTexts, pdfText } from '../testing/pdf-text';
import {
  recordPurchases as record,
  reportPurchase,
  type RecordedPurchase,
} from '../testing/recorded-purchases';

let server: TestServer;
let call: ReturnType<typeof apiCaller>;
let admin: CreatedStaff;
let reseller: CreatedStaff;

const purchase = reportPurchase;

/** Every recorded purchase and the status the reports must end up showing for it. */
const recorded = new Map<string, string>();
const recordPurchases = (docs: RecordedPurchase[]) => record(server, recorded, docs);

beforeAll(async () => {
  server = await startTestServer();
  // The paid events also reach the numbers worker, which numbers them as in production.
  await raffleWithNumbers(server.db, 1000);
  await server.db
    .collection<{ _id: string }>('raffles')
    // On sale, so published (resellers never see a draft's sales).
    .updateOne({ _id: 'current' }, { $set: { name: 'Gran Rifa', publishedAt: new Date() } });
  call = apiCaller(server.url);
  admin = await createStaff(server.db, { role: 'admin' });
  reseller = await createStaff(server.db, { role: 'reseller' });
  await recordPurchases([
    purchase({}),
    // 23:30 in Guayaquil on 5 Dec is 04:30 UTC on 6 Dec: still the 5th for the report.
    purchase({
      createdAt: new Date('2026-12-06T04:30:00Z'),
      buyer: { firstName: 'Bruno', lastName: 'Ñañez', email: 'bruno@example.ec' },
      quantity: 3,
      totalPrice: 4.5,
      paymentMethod: 'bank_transfer',
      status: 'PENDING',
      packageType: 'custom',
      packageId: null,
      resellerCode: reseller.user.code,
    }),
    purchase({
      createdAt: new Date('2026-12-07T12:00:00Z'),
      buyer: { firstName: 'Carla', lastName: 'Vera', email: 'carla@example.ec' },
      quantity: 20,
      totalPrice: 18.25,
      paymentMethod: 'mobile',
      resellerCode: reseller.user.code,
    }),
    purchase({
      createdAt: new Date('2026-12-07T13:00:00Z'),
      buyer: { firstName: 'Diego', lastName: 'Loor', email: 'diego@example.ec' },
      quantity: 5,
      totalPrice: 5,
      paymentMethod: 'card',
      status: 'EXPIRED',
      resellerCode: 'REV-OTRO22',
    }),
  ]);
});
afterAll(async () => server?.stop());

const emails = (json: { purchases: { buyer: { email: string } }[] }) =>
  json.purchases.map((p) => p.buyer.email).sort();

describe('GET /api/admin/reports', () => {
  it('answers totals and rows for all purchases without filters', async () => {
    const res = await call('GET', '/admin/reports', { token: admin.token });
    expect(res.status).toBe(200);
    // Sold = paid only; unpaid and expired orders are summed apart.
    expect(res.json.totals).toEqual({
      totalAmount: 28.25,
      totalTickets: 30,
      pendingAmount: 4.5,
      pendingTickets: 3,
      expiredAmount: 5,
      expiredTickets: 5,
    });
    expect(res.json.purchases).toHaveLength(4);
    expect(res.json.purchases[0]).toMatchObject({
      buyer: { firstName: 'Diego', lastName: 'Loor', email: 'diego@example.ec' },
      paymentMethod: 'card',
      quantity: 5,
      totalPrice: 5,
      status: 'EXPIRED',
      resellerCode: 'REV-OTRO22',
      createdAt: '2026-12-07T13:00:00.000Z',
    });
    expect(JSON.stringify(res.json)).not.toContain('0991234567');
  });

  it('filters by Ecuador calendar days, both ends inclusive', async () => {
    const res = await call('GET', '/admin/reports?startDate=2026-12-05&endDate=2026-12-05', {
      token: admin.token,
    });
    expect(emails(res.json)).toEqual(['ana@example.ec', 'bruno@example.ec']);
    expect(res.json.totals).toEqual({
      totalAmount: 10,
      totalTickets: 10,
      pendingAmount: 4.5,
      pendingTickets: 3,
      expiredAmount: 0,
      expiredTickets: 0,
    });
    expect(
      emails(
        (await call('GET', '/admin/reports?startDate=2026-12-06', { token: admin.token })).json,
      ),
    ).toEqual(['carla@example.ec', 'diego@example.ec']);
  });

  it('filters by method, reseller, package type and status (PAID = completed)', async () => {
    const get = async (q: string) =>
      emails((await call('GET', `/admin/reports?${q}`, { token: admin.token })).json);
    expect(await get('method=mobile')).toEqual(['carla@example.ec']);
    expect(await get(`reseller=${reseller.user.code}`)).toEqual([
      'bruno@example.ec',
      'carla@example.ec',
    ]);
    expect(await get('packageType=custom')).toEqual(['bruno@example.ec']);
    expect(await get('status=PAID')).toEqual(['ana@example.ec', 'carla@example.ec']);
    expect(await get('status=PENDING')).toEqual(['bruno@example.ec']);
    expect(await get('status=EXPIRED')).toEqual(['diego@example.ec']);
    expect(
      await get('method=&reseller=&packageType=&status=&startDate=&endDate=&format='),
    ).toHaveLength(4);
  });

  it("shows a reseller only their own code's purchases, whatever reseller filter they send", async () => {
    expect(emails((await call('GET', '/admin/reports', { token: reseller.token })).json)).toEqual([
      'bruno@example.ec',
      'carla@example.ec',
    ]);
    expect(
      emails(
        (await call('GET', '/admin/reports?reseller=REV-OTRO22', { token: reseller.token })).json,
      ),
    ).toEqual(['bruno@example.ec', 'carla@example.ec']);
  });

  it.each([
    ['method=bitcoin', 'method', STAFF_API_MESSAGES.reportMethodInvalid],
    ['startDate=ayer', 'startDate', STAFF_API_MESSAGES.reportDateInvalid],
    ['endDate=2026-13-45', 'endDate', STAFF_API_MESSAGES.reportDateInvalid],
    ['packageType=vip', 'packageType', STAFF_API_MESSAGES.reportPackageTypeInvalid],
    ['status=PAGADO', 'status', STAFF_API_MESSAGES.reportStatusInvalid],
    ['format=doc', 'format', STAFF_API_MESSAGES.reportFormatInvalid],
  ])('answers 400 to %s with its Spanish message', async (q, field, msg) => {
    expect(await call('GET', `/admin/reports?${q}`, { token: admin.token })).toMatchObject({
      status: 400,
      json: { msg, errors: { [field]: msg } },
    });
  });

  it("answers 401 'No tiene permisos para ver reportes' without a token, and 'No autenticado' to an export", async () => {
    expect(await call('GET', '/admin/reports?status=PAID')).toMatchObject({
      status: 401,
      json: { msg: PERMISSIONS.viewReports },
    });
    for (const format of ['pdf', 'xlsx']) {
      expect(await call('GET', `/admin/reports?format=${format}`)).toMatchObject({
        status: 401,
        json: { msg: PERMISSIONS.notAuthenticatedExport },
      });
    }
  });

  it('exports reporte.xlsx with Spanish headers, Ecuador dates and 2-decimal money', async () => {
    const res = await fetch(
      `${server.url}/api/admin/reports?format=xlsx&startDate=2026-12-05&endDate=2026-12-05`,
      { headers: bearer(admin.token) },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="reporte.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...REPORT_COLUMNS]);
    const rows = [2, 3].map((n) => (sheet.getRow(n).values as unknown[]).slice(1));
    expect(rows).toContainEqual([
      '05/12/2026 23:30',
      'Gran Rifa',
      'Bruno Ñañez',
      'bruno@example.ec',
      'Transferencia Bancaria',
      3,
      4.5,
      'Pendiente',
      reseller.user.code,
    ]);
    expect(rows).toContainEqual([
      '05/12/2026 10:30',
      'Gran Rifa',
      'Ana Pérez',
      'ana@example.ec',
      'PayPal',
      10,
      10,
      'Completado',
      'Directo',
    ]);
    expect(sheet.getRow(2).getCell(7).numFmt).toContain('0.00');
    const line = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    const gap = [undefined, undefined, undefined, undefined];
    expect(line(5)).toEqual(['Números vendidos', ...gap, 10, 10]);
    expect(line(6)).toEqual(['Pendientes de pago', ...gap, 3, 4.5]);
    expect(line(7)).toEqual(['Vencidos', ...gap, 0, 0]);
  });

  it('exports reporte.pdf with the headers, rows and totals', async () => {
    const res = await fetch(`${server.url}/api/admin/reports?format=pdf`, {
      headers: bearer(admin.token),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="reporte.pdf"');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
    const text = await pdfText(bytes);
    for (const expected of [
      ...REPORT_COLUMNS,
      'Reporte de ventas · Todas las rifas',
      'Filtros: Rifa: Todas las rifas',
      'Gran Rifa',
      'Bruno Ñañez',
      'carla@example.ec',
      'PayPhone',
      '$18,25',
      'Total vendido: $28,25',
      'Números vendidos: 30',
      'Pendientes de pago: 3 números, $4,50',
      'Vencidos: 5 números, $5,00',
      '05/12/2026 23:30',
      'Directo',
      'Expirado',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('every filter applies to the totals as to the rows', async () => {
    const totals = async (q: string) =>
      (await call('GET', `/admin/reports?${q}`, { token: admin.token })).json.totals;
    expect(await totals('method=mobile')).toEqual({
      totalAmount: 18.25,
      totalTickets: 20,
      pendingAmount: 0,
      pendingTickets: 0,
      expiredAmount: 0,
      expiredTickets: 0,
    });
    expect(await totals(`reseller=${reseller.user.code}`)).toMatchObject({
      totalAmount: 18.25,
      pendingAmount: 4.5,
      expiredAmount: 0,
    });
    expect(await totals('status=PENDING')).toMatchObject({
      totalAmount: 0,
      totalTickets: 0,
      pendingAmount: 4.5,
      pendingTickets: 3,
    });
    expect(await totals('status=EXPIRED')).toMatchObject({
      totalTickets: 0,
      expiredTickets: 5,
      pendingTickets: 0,
    });
    expect(await totals('packageType=custom')).toMatchObject({
      totalTickets: 0,
      pendingTickets: 3,
    });
    // A reseller's report is their own sales only, whatever they ask.
    expect(
      (await call('GET', '/admin/reports?reseller=REV-OTRO22', { token: reseller.token })).json
        .totals,
    ).toMatchObject({ totalAmount: 18.25, pendingAmount: 4.5, expiredAmount: 0 });
  });

  it('paginates a long PDF, repeating the headers', async () => {
    const many = Array.from({ length: 70 }, (_, i) =>
      purchase({
        buyer: { firstName: `Comprador${i}`, lastName: 'Largo', email: `c${i}@largo.ec` },
        resellerCode: 'REV-LARGO2',
      }),
    );
    await recordPurchases(many);
    const res = await fetch(`${server.url}/api/admin/reports?format=pdf&reseller=REV-LARGO2`, {
      headers: bearer(admin.token),
    });
    const pages = await pageTexts(Buffer.from(await res.arrayBuffer()));
    expect(pages.length).toBeGreaterThan(1);
    for (const text of pages) expect(text).toContain('Revendedor');
  });
});
