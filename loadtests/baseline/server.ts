// BASELINE, not product code: a minimal raffle server the way most raffle systems are
// built, so the benchmark can drive the very same k6 sellout (bank transfers) against it
// and compare. It validates orders with the same contracts schema and reserves capacity
// with the same conditional counter update as our api, but a confirmed transfer takes
// its numbers synchronously from the pre-generated pool (pool-allocator.ts). It sends no
// e-mail or SMS and has no outbox: everything it skips flatters the baseline.
//
//   MONGODB_URL=… PORT=… TOTAL_NUMBERS=100000 tsx loadtests/baseline/server.ts
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createOrderSchema, SERVER } from '@vag/contracts';
import { MongoClient, type Db } from 'mongodb';
import { allocateFromPool, generatePool } from './pool-allocator';

interface Raffle {
  _id: string;
  totalNumbers: number;
  numberWidth: number;
  numbersGenerated: boolean;
  pricePerNumber: number;
  available: number;
  reserved: number;
  sold: number;
  soldOut: boolean;
}

interface Purchase {
  _id: string;
  status: 'PENDING' | 'COMPLETED';
  quantity: number;
  totalPrice: number;
  createdAt: Date;
  reservation: { active: boolean; expiresAt: Date };
  assignedNumbers?: string[];
  numbersAssignedAt?: Date;
  [field: string]: unknown;
}

export interface BaselinePackage {
  _id: string;
  name: string;
  quantity: number;
  price: number;
  isPopular: boolean;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: object,
  ) {
    super(String(status));
  }
}

/** Creates the raffle, its packages and its pool of N free numbers. */
export async function seedBaseline(
  db: Db,
  total: number,
  pricePerNumber: number,
  packages: BaselinePackage[],
): Promise<void> {
  await db.collection<Raffle>('raffles').insertOne({
    _id: 'current',
    totalNumbers: total,
    numberWidth: String(total - 1).length,
    numbersGenerated: true,
    pricePerNumber,
    available: total,
    reserved: 0,
    sold: 0,
    soldOut: false,
  });
  if (packages.length) await db.collection<BaselinePackage>('packages').insertMany(packages);
  await generatePool(db, total);
}

export function baselineHandler(db: Db) {
  const raffles = db.collection<Raffle>('raffles');
  const purchases = db.collection<Purchase>('purchases');
  const packages = db.collection<BaselinePackage>('packages');

  async function createOrder(body: unknown) {
    const parsed = createOrderSchema.safeParse(body);
    if (!parsed.success)
      throw new HttpError(400, { msg: parsed.error.issues[0]?.message ?? 'Datos inválidos.' });
    const order = parsed.data;
    const raffle = await raffles.findOne({ _id: 'current' });
    if (!raffle) throw new HttpError(404, { msg: SERVER.raffleNotFound });
    const pkg = order.packageId ? await packages.findOne({ _id: order.packageId }) : null;
    if (order.packageId && !pkg) throw new HttpError(404, { msg: SERVER.packageNotFound });
    const quantity = pkg ? pkg.quantity : order.quantity;
    const price = pkg ? pkg.price : Math.round(quantity * raffle.pricePerNumber * 100) / 100;
    if (Math.abs(price - order.totalPrice) > 0.005)
      throw new HttpError(400, { msg: SERVER.amountMismatch });

    const reserved = await raffles.findOneAndUpdate(
      { _id: 'current', available: { $gte: quantity } },
      { $inc: { available: -quantity, reserved: quantity } },
    );
    if (!reserved) {
      const left = (await raffles.findOne({ _id: 'current' }))?.available ?? 0;
      throw new HttpError(409, { msg: left > 0 ? SERVER.notEnoughNumbers(left) : SERVER.soldOut });
    }
    const id = randomUUID();
    const now = new Date();
    await purchases.insertOne({
      _id: id,
      raffleId: 'current',
      createdAt: now,
      buyer: { ...order.buyer, email: order.buyer.email.toLowerCase() },
      quantity,
      unitPrice: raffle.pricePerNumber,
      totalPrice: price,
      paymentMethod: order.paymentMethod,
      status: 'PENDING',
      packageId: order.packageId,
      reservation: { active: true, expiresAt: new Date(now.getTime() + 48 * 3_600_000) },
    });
    return {
      msg: 'Orden creada',
      whatsappRedirect: `https://wa.me/593999999999?text=${id}`,
      purchaseId: id,
    };
  }

  async function confirmTransfer(id: string, body: { referenceCode?: string; bankName?: string }) {
    const purchase = await purchases.findOneAndUpdate(
      { _id: id, status: 'PENDING' },
      {
        $set: {
          status: 'COMPLETED',
          paidAt: new Date(),
          'reservation.active': false,
          bankTransfer: {
            received: true,
            bankName: body.bankName,
            referenceCode: body.referenceCode,
            confirmedAt: new Date(),
          },
        },
      },
      { returnDocument: 'after' },
    );
    if (!purchase) throw new HttpError(409, { msg: SERVER.transferAlreadyConfirmed });
    await raffles.updateOne(
      { _id: 'current' },
      { $inc: { reserved: -purchase.quantity, sold: purchase.quantity } },
    );
    const raffle = (await raffles.findOne({ _id: 'current' }))!;
    const { numbers } = await allocateFromPool(db, id, purchase.quantity, raffle.totalNumbers);
    const assignedNumbers = numbers;
    await purchases.updateOne(
      { _id: id },
      { $set: { assignedNumbers, numbersAssignedAt: new Date() } },
    );
    if (raffle.sold === raffle.totalNumbers)
      await raffles.updateOne({ _id: 'current' }, { $set: { soldOut: true } });
    return { assignedNumbers, msg: `Se asignaron ${assignedNumbers.length} números` };
  }

  async function route(req: IncomingMessage, body: unknown): Promise<unknown> {
    const url = new URL(req.url ?? '/', 'http://baseline');
    const path = url.pathname;
    if (req.method === 'GET' && path === '/api/health') return { status: 'ok' };
    if (req.method === 'GET' && path === '/api/lottery') {
      const r = await raffles.findOne({ _id: 'current' });
      return {
        _id: 'current',
        name: 'Baseline',
        prize: 'Baseline',
        imageUrl: '',
        isActive: true,
        pricePerNumber: r?.pricePerNumber,
        endDate: new Date().toISOString(),
      };
    }
    if (req.method === 'GET' && path === '/api/raffle/raffle-progress') {
      const r = await raffles.findOne({ _id: 'current' });
      const total = r?.totalNumbers ?? 0;
      const assigned = r?.sold ?? 0;
      return {
        percentage: total ? Math.round((assigned / total) * 10_000) / 100 : 0,
        assigned,
        total,
      };
    }
    if (req.method === 'GET' && path === '/api/packages') return packages.find().toArray();
    if (req.method === 'POST' && path === '/api/payments/create-order') return createOrder(body);
    const confirm = /^\/api\/purchases\/([^/]+)\/confirm-transfer$/.exec(path);
    if (req.method === 'PATCH' && confirm) {
      if (!req.headers.authorization?.startsWith('Bearer '))
        throw new HttpError(401, { msg: 'No autenticado' });
      return confirmTransfer(confirm[1]!, body as { referenceCode?: string; bankName?: string });
    }
    throw new HttpError(404, { msg: SERVER.notFound });
  }

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let status = 200;
    let payload: unknown;
    try {
      payload = await route(
        req,
        chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined,
      );
    } catch (error) {
      if (error instanceof HttpError) {
        status = error.status;
        payload = error.body;
      } else {
        status = 500;
        payload = { msg: SERVER.internalError };
        console.error(error);
      }
    }
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
  };
}

async function main(): Promise<void> {
  const url = process.env.MONGODB_URL;
  if (!url) throw new Error('MONGODB_URL is required');
  const client = new MongoClient(url, { retryWrites: false, maxPoolSize: 50 });
  await client.connect();
  const db = client.db();
  if (process.env.TOTAL_NUMBERS) {
    const packages = JSON.parse(process.env.PACKAGES ?? '[]') as BaselinePackage[];
    await seedBaseline(
      db,
      Number(process.env.TOTAL_NUMBERS),
      Number(process.env.PRICE_PER_NUMBER ?? 1),
      packages,
    );
  }
  const handle = baselineHandler(db);
  const server = createServer((req, res) => void handle(req, res));
  server.listen(Number(process.env.PORT ?? 3100), '127.0.0.1', () =>
    console.log(`baseline listening on ${process.env.PORT ?? 3100}`),
  );
  const stop = () => server.close(() => void client.close().then(() => process.exit(0)));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv[1]?.endsWith('baseline/server.ts')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
