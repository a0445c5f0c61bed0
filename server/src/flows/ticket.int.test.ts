// The PDF ticket of a paid purchase (GET /api/orders/{id}/ticket?key=…): its text holds
// the raffle, the order code, every number, the rule and the /verificar link; the key
// guards it like the order page, and an unpaid order has none yet.
import { TICKET_TEXTS } from '@vag/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  insertPurchase,
  purchasePaidMessage,
  raffleWithNumbers,
  watchNumbersAssigned,
} from '@vag/core/testing/raffle-fixtures';
import { CURRENT_RAFFLE_ID } from '@vag/core/db/raffle';
import { startTestServer, type TestServer } from '../testing/server';
import { pdfText, scanQrCode } from '../testing/pdf-text';

/** A ticket lists its numbers in ascending order. */
const ascending = (numbers: readonly string[]) =>
  [...numbers].sort((a, b) => Number(a) - Number(b));

let srv: TestServer;
let watcher: Awaited<ReturnType<typeof watchNumbersAssigned>>;

beforeEach(async () => {
  srv = await startTestServer();
  watcher = await watchNumbersAssigned(srv.deps.bus);
  await raffleWithNumbers(srv.db, 100);
  await srv.db
    .collection<{ _id: string }>('raffles')
    .updateOne({ _id: 'current' }, { $set: { name: 'Gran Sorteo Navideño', prize: 'Moto 0 km' } });
});
afterEach(async () => {
  await watcher.stop();
  await srv.stop();
});

const KEY = 'k'.repeat(32);

/** A purchase with an order link (code and key); paid and numbered unless `pending`. */
async function order(
  quantity: number,
  pending = false,
  orderCode = 'VAG-7K2M',
): Promise<{ id: string; numbers: string[] }> {
  const id = await insertPurchase(srv.db, { quantity, ...(pending ? { status: 'PENDING' } : {}) });
  const purchases = srv.db.collection<{ _id: string; assignedNumbers: string[] }>('purchases');
  await purchases.updateOne({ _id: id }, { $set: { orderCode, accessKey: KEY } });
  if (pending) return { id, numbers: [] };
  await srv.deps.bus.publish([purchasePaidMessage(id, quantity)]);
  await watcher.settled(id);
  return { id, numbers: (await purchases.findOne({ _id: id }))!.assignedNumbers };
}

const ticket = (id: string, key?: string) =>
  fetch(`${srv.url}/api/orders/${id}/ticket${key === undefined ? '' : `?key=${key}`}`);

describe('GET /api/orders/{id}/ticket', () => {
  it('is a PDF whose text holds the raffle, the order code, every number and the verifier link', async () => {
    const { id, numbers } = await order(5);
    const res = await ticket(id, KEY);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="boleto-VAG-7K2M.pdf"',
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    const text = await pdfText(bytes);
    for (const expected of [
      TICKET_TEXTS.title,
      'Rifa: Gran Sorteo Navideño',
      'Premio: Moto 0 km',
      'Pedido: VAG-7K2M',
      'Tus 5 números',
      // In ascending order, as a person looks a number up.
      ascending(numbers).join(', '),
      'El número ganador sale del primer premio',
      // The verifier of the purchase's own raffle (its slug), with the numbers.
      `/verificar?rifa=${await slugOfTheRaffle()}&n=${ascending(numbers).join(',')}`,
    ])
      expect(text).toContain(expected);
    // A phone scanning the QR code opens the same verifier link.
    const link = text.split('\n').find((l) => l.includes('/verificar?rifa='));
    expect(await scanQrCode(bytes)).toBe(link);
  });

  async function slugOfTheRaffle(): Promise<string> {
    const raffle = await srv.db
      .collection<{ _id: string; slug?: string }>('raffles')
      .findOne({ _id: CURRENT_RAFFLE_ID });
    return raffle!.slug!;
  }

  it('answers 404 without the right key and 409 before the order is paid', async () => {
    const { id } = await order(2);
    expect((await ticket(id)).status).toBe(404);
    expect((await ticket(id, 'x'.repeat(32))).status).toBe(404);
    const unpaid = await order(1, true, 'VAG-9P3Q');
    const res = await ticket(unpaid.id, KEY);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ msg: TICKET_TEXTS.notPaid });
  });
});
