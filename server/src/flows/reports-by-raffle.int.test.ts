// Reports, exports, the sales chart and the purchases history of one raffle or of all:
// two raffles on sale, 'Gran Rifa' (the first raffle, id 'current') and 'Rifa Express',
// plus a sale written before raffles were records of their own (no raffleId on the
// purchase nor on its report fact), which belongs to the first raffle.
import { ecuadorDay, type SalesChart } from '@vag/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raffleWithNumbers } from '@vag/core/testing/raffle-fixtures';
import { upgradeQueryMarkers } from '@vag/core/db/query-markers';
import { apiCaller, bearer, createStaff, type CreatedStaff } from '@vag/api/testing/seed';
import { numbersOf } from '@vag/api/payments/test-fixtures';
import { startTestServer, type TestServer } from '../testing/server';
import { pdfText } from '../testing/pdf-text';
import { recordPurchases, reportPurchase, twoRaffles } from '../testing/recorded-purchases';

let server: TestServer;
let call: ReturnType<typeof apiCaller>;
let admin: CreatedStaff;
let reseller: CreatedStaff;
const recorded = new Map<string, string>();

const PAID_AT = new Date('2026-12-05T15:35:00Z');

/** A sale as the version before many raffles stored it: no raffleId, on the purchase or its fact. */
async function legacySale() {
  const { raffleId: _none, ...doc } = reportPurchase({
    buyer: { firstName: 'Lía', lastName: 'Antigua', email: 'lia@example.ec' },
    quantity: 1,
    totalPrice: 1,
  });
  await server.db.collection('purchases').insertOne({ ...doc, paidAt: PAID_AT } as never);
  await server.db.collection('report_facts').insertOne({
    _id: doc._id,
    buyer: { firstName: 'Lía', lastName: 'Antigua', email: 'lia@example.ec' },
    paymentMethod: 'paypal',
    resellerCode: null,
    packageType: 'normal',
    quantity: 1,
    totalPrice: 1,
    createdAt: doc.createdAt,
    day: '2026-12-05',
    stage: 2,
    paidAt: PAID_AT,
    paidDay: '2026-12-05',
  } as never);
  recorded.set(doc._id, 'COMPLETED');
  // Such a sale was on the store before this version's first start: its upgrade names the
  // sale's raffle, as "todas" reads raffle by raffle (DESIGN, "Reading a year").
  await server.db.collection('upgrades').deleteMany({});
  await upgradeQueryMarkers(server.db);
}

/** Rifa Express's paid sale, through the reseller. */
let bruno: ReturnType<typeof reportPurchase>;

beforeAll(async () => {
  server = await startTestServer();
  await raffleWithNumbers(server.db, 1000);
  await twoRaffles(server);
  call = apiCaller(server.url);
  admin = await createStaff(server.db, { role: 'admin' });
  reseller = await createStaff(server.db, { role: 'reseller' });
  await legacySale();
  bruno = reportPurchase({
    raffleId: 'r-b',
    buyer: { firstName: 'Bruno', lastName: 'Ñañez', email: 'bruno@example.ec' },
    quantity: 4,
    totalPrice: 8,
    paymentMethod: 'card',
    resellerCode: reseller.user.code,
  });
  await recordPurchases(server, recorded, [
    reportPurchase({ resellerCode: reseller.user.code }),
    bruno,
    reportPurchase({
      raffleId: 'r-b',
      createdAt: new Date('2026-12-06T12:00:00Z'),
      buyer: { firstName: 'Carla', lastName: 'Vera', email: 'carla@example.ec' },
      quantity: 2,
      totalPrice: 4,
      paymentMethod: 'bank_transfer',
      status: 'PENDING',
    }),
  ]);
});
afterAll(async () => server?.stop());

type Row = { buyer: { email: string }; raffleName: string };
const rowsOf = (json: { purchases: Row[] }) =>
  json.purchases.map((p) => `${p.raffleName}: ${p.buyer.email}`).sort();

describe('GET /api/admin/reports?raffleId=', () => {
  it("answers one raffle's rows and totals, each row named by its raffle; 'todas' or none answers every raffle's", async () => {
    const report = async (q: string, token = admin.token) =>
      (await call('GET', `/admin/reports${q}`, { token })).json;
    const express = await report('?raffleId=r-b');
    expect(rowsOf(express)).toEqual([
      'Rifa Express: bruno@example.ec',
      'Rifa Express: carla@example.ec',
    ]);
    expect(express.totals).toMatchObject({
      totalAmount: 8,
      totalTickets: 4,
      pendingAmount: 4,
      pendingTickets: 2,
    });
    // The sale from before many raffles is the first raffle's.
    const first = await report('?raffleId=current');
    expect(rowsOf(first)).toEqual(['Gran Rifa: ana@example.ec', 'Gran Rifa: lia@example.ec']);
    expect(first.totals).toMatchObject({ totalAmount: 11, totalTickets: 11, pendingAmount: 0 });
    for (const all of ['', '?raffleId=todas'])
      expect((await report(all)).totals).toMatchObject({ totalAmount: 19, pendingAmount: 4 });
    // A reseller: their own sales of that raffle only.
    expect(rowsOf(await report('?raffleId=r-b', reseller.token))).toEqual([
      'Rifa Express: bruno@example.ec',
    ]);
  });

  it('GET /api/admin/reports/raffles names the raffles the filter offers', async () => {
    const res = await call('GET', '/admin/reports/raffles', { token: reseller.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual(
      expect.arrayContaining([
        { id: 'current', name: 'Gran Rifa' },
        { id: 'r-b', name: 'Rifa Express' },
      ]),
    );
  });

  it('exports name the raffle: in the title and filters of the PDF, in the Rifa column of both', async () => {
    const download = async (q: string) =>
      (
        await fetch(`${server.url}/api/admin/reports?${q}`, { headers: bearer(admin.token) })
      ).arrayBuffer();
    const pdf = await pdfText(Buffer.from(await download('format=pdf&raffleId=r-b')));
    expect(pdf).toContain('Reporte de ventas · Rifa Express');
    expect(pdf).toContain('Filtros: Rifa: Rifa Express');
    expect(pdf).toContain('Total vendido: $8,00');
    expect(pdf).not.toContain('ana@example.ec');

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await download('format=xlsx'));
    expect(book.title).toBe('Reporte de ventas · Todas las rifas');
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe('Rifa');
    const named = [2, 3, 4, 5].map(
      (n) =>
        `${String(sheet.getRow(n).getCell(2).value)}: ${String(sheet.getRow(n).getCell(4).value)}`,
    );
    expect(named.sort()).toEqual([
      'Gran Rifa: ana@example.ec',
      'Gran Rifa: lia@example.ec',
      'Rifa Express: bruno@example.ec',
      'Rifa Express: carla@example.ec',
    ]);
  });
});

describe('GET /api/admin/sales-chart?raffleId=', () => {
  it("sums one raffle's paid numbers, the first raffle's including sales from before many raffles", async () => {
    const chart = async (q: string, token = admin.token) =>
      ((await call('GET', `/admin/sales-chart${q}`, { token })).json as SalesChart).days;
    const day = ecuadorDay(PAID_AT)!;
    expect(await chart('?raffleId=r-b')).toEqual([
      { day, byMethod: { paypal: 0, card: 4, bank_transfer: 0, mobile: 0 }, total: 4, amount: 8 },
    ]);
    expect(await chart('?raffleId=current')).toEqual([
      {
        day,
        byMethod: { paypal: 11, card: 0, bank_transfer: 0, mobile: 0 },
        total: 11,
        amount: 11,
      },
    ]);
    expect((await chart('?raffleId=todas'))[0]).toMatchObject({ total: 15, amount: 19 });
    expect((await chart(''))[0]).toMatchObject({ total: 15, amount: 19 });
    expect((await chart('?raffleId=current', reseller.token))[0]).toMatchObject({ total: 10 });
  });
});

describe('GET /api/purchases?filter={"raffleId":…}', () => {
  it("lists one raffle's purchases with the raffle's name; a reseller's list narrows the same way", async () => {
    const list = async (filter: object, token = admin.token) => {
      const q = encodeURIComponent(JSON.stringify(filter));
      return (await call('GET', `/purchases?filter=${q}&range=[0,9]`, { token })).json as Row[];
    };
    const names = (rows: Row[]) => rows.map((p) => `${p.raffleName}: ${p.buyer.email}`).sort();
    expect(names(await list({ raffleId: 'r-b' }))).toEqual([
      'Rifa Express: bruno@example.ec',
      'Rifa Express: carla@example.ec',
    ]);
    expect(names(await list({ raffleId: 'current' }))).toEqual([
      'Gran Rifa: ana@example.ec',
      'Gran Rifa: lia@example.ec',
    ]);
    expect(await list({ raffleId: 'todas' })).toHaveLength(4);
    expect(names(await list({ raffleId: 'r-b' }, reseller.token))).toEqual([
      'Rifa Express: bruno@example.ec',
    ]);
    expect(names(await list({}, reseller.token))).toEqual([
      'Gran Rifa: ana@example.ec',
      'Rifa Express: bruno@example.ec',
    ]);
  });

  it("finds a purchase by one of its numbers in the raffle chosen, and in every raffle's", async () => {
    const { assignedNumbers } = await numbersOf(server.db, bruno._id);
    const holders = async (filter: object) => {
      const q = encodeURIComponent(JSON.stringify(filter));
      const rows = (await call('GET', `/purchases?filter=${q}`, { token: admin.token })).json;
      return (rows as Array<{ _id: string }>).map((p) => p._id);
    };
    expect(await holders({ raffleId: 'r-b', q: assignedNumbers[0] })).toEqual([bruno._id]);
    expect(await holders({ q: assignedNumbers[0] })).toContain(bruno._id);
  });
});
