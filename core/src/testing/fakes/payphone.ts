// A local PayPhone speaking the button API: Prepare (redirect links) and V2/Confirm. The
// buyer's payment is played by `pay(clientTransactionId, outcome?)`, which answers the
// `id` PayPhone would put in the redirect to the response URL.
import { randomBytes } from 'node:crypto';
import { startFakeHttpServer, type FakeHttpServer } from './http';

export interface PayPhoneOutcome {
  statusCode: number;
  transactionStatus: string;
  /** Cents; defaults to the prepared amount. */
  amount?: number;
}

interface FakeTransaction {
  id: number;
  clientTransactionId: string;
  amount: number;
  prepared: Record<string, unknown>;
  outcome?: PayPhoneOutcome;
}

export interface FakePayPhone {
  url: string;
  token: string;
  storeId: string;
  transactions: Map<string, FakeTransaction>;
  /** The buyer completes (or cancels) the payment; answers the redirect's `id`. */
  pay(
    clientTransactionId: string,
    outcome?: Partial<PayPhoneOutcome>,
  ): { id: number; clientTransactionId: string };
  confirmCalls(): number;
  /** PayPhone reverses an approved payment after the fact. */
  reverse(clientTransactionId: string): void;
  /** Reverses asked for by the shop (POST /api/Reverse), by PayPhone transaction id. */
  reverseCalls: number[];
  failNextPrepares(count: number): void;
  stop(): Promise<void>;
}

export async function startFakePayPhone(): Promise<FakePayPhone> {
  const token = `fake-payphone-${randomBytes(12).toString('hex')}`;
  const storeId = randomBytes(8).toString('hex');
  const transactions = new Map<string, FakeTransaction>();
  let nextId = 40_000_000 + Math.floor(Math.random() * 1_000_000);
  let confirms = 0;
  const reverseCalls: number[] = [];
  let failPrepares = 0;

  const server: FakeHttpServer = await startFakeHttpServer((req) => {
    if (req.headers.authorization !== `Bearer ${token}`)
      return { status: 401, body: { message: 'Authorization has been denied for this request.' } };
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (req.method === 'POST' && req.path === '/api/button/Prepare') {
      if (failPrepares > 0) {
        failPrepares--;
        return { status: 500, body: { message: 'Error interno', errorCode: 500 } };
      }
      const clientTransactionId = String(body.clientTransactionId ?? '');
      const parts = ['amountWithoutTax', 'amountWithTax', 'tax', 'service', 'tip'].map((k) =>
        Number(body[k] ?? 0),
      );
      const amount = Number(body.amount);
      if (!clientTransactionId || clientTransactionId.length > 50)
        return { status: 400, body: { message: 'clientTransactionId inválido', errorCode: 14 } };
      if (
        !Number.isInteger(amount) ||
        parts.some((p) => !Number.isInteger(p)) ||
        parts.reduce((a, b) => a + b, 0) !== amount
      ) {
        return { status: 400, body: { message: 'Los montos no cuadran', errorCode: 16 } };
      }
      if (transactions.has(clientTransactionId))
        return { status: 400, body: { message: 'Transacción duplicada', errorCode: 17 } };
      const tx: FakeTransaction = { id: nextId++, clientTransactionId, amount, prepared: body };
      transactions.set(clientTransactionId, tx);
      return {
        body: {
          paymentId: tx.id,
          payWithPayPhone: `${server.url}/PayPhone/Index?paymentId=${tx.id}`,
          payWithCard: `${server.url}/Anonymous/Index?paymentId=${tx.id}`,
        },
      };
    }
    if (req.method === 'POST' && req.path === '/api/button/V2/Confirm') {
      confirms++;
      const tx = transactions.get(String(body.clientTxId ?? ''));
      if (!tx || tx.id !== Number(body.id))
        return { status: 404, body: { message: 'La transacción no existe', errorCode: 20 } };
      const outcome = tx.outcome ?? { statusCode: 1, transactionStatus: 'Pending' };
      return {
        body: {
          email: 'comprador@example.com',
          cardType: 'Credit',
          bin: '411111',
          lastDigits: '1111',
          deferredCode: '00000000',
          deferred: false,
          cardBrandCode: '50',
          cardBrand: 'Visa Pichincha',
          amount: outcome.amount ?? tx.amount,
          clientTransactionId: tx.clientTransactionId,
          phoneNumber: '593999999999',
          statusCode: outcome.statusCode,
          transactionStatus: outcome.transactionStatus,
          authorizationCode: outcome.statusCode === 3 ? `W${tx.id}` : null,
          message: null,
          messageCode: 0,
          transactionId: tx.id,
          document: '9999999999',
          currency: 'USD',
          storeName: 'Voy a Ganar',
          date: new Date().toISOString(),
          regionIso: 'EC',
          transactionType: 'Classic',
          reference: String(tx.prepared.reference ?? ''),
        },
      };
    }
    if (req.method === 'POST' && req.path === '/api/Reverse') {
      reverseCalls.push(Number(body.id));
      const tx = [...transactions.values()].find((t) => t.id === Number(body.id));
      if (!tx?.outcome)
        return {
          status: 400,
          body: {
            message:
              'La transacción no existe, verifique que el identificador enviado sea correcto.',
            errorCode: 20,
          },
        };
      if (tx.outcome.transactionStatus !== 'Approved')
        return {
          status: 400,
          body: { message: 'La transacción no se puede reversar.', errorCode: 25 },
        };
      tx.outcome = { ...tx.outcome, statusCode: 2, transactionStatus: 'Reversed' };
      return { body: true };
    }
    const sale = req.path.match(/^\/api\/Sale\/(\d+)$/);
    if (req.method === 'GET' && sale) {
      const tx = [...transactions.values()].find((t) => t.id === Number(sale[1]));
      if (!tx?.outcome)
        return { status: 404, body: { message: 'La transacción no existe', errorCode: 20 } };
      return {
        body: {
          transactionId: tx.id,
          clientTransactionId: tx.clientTransactionId,
          statusCode: tx.outcome.statusCode,
          transactionStatus: tx.outcome.transactionStatus,
          amount: tx.outcome.amount ?? tx.amount,
        },
      };
    }
    return { status: 404, body: { message: `fake PayPhone has no ${req.method} ${req.path}` } };
  });

  return {
    url: server.url,
    token,
    storeId,
    transactions,
    pay(clientTransactionId, outcome = {}) {
      const tx = transactions.get(clientTransactionId);
      if (!tx) throw new Error(`fake PayPhone: unknown transaction ${clientTransactionId}`);
      tx.outcome = {
        statusCode: outcome.statusCode ?? 3,
        transactionStatus: outcome.transactionStatus ?? 'Approved',
        amount: outcome.amount,
      };
      return { id: tx.id, clientTransactionId };
    },
    confirmCalls: () => confirms,
    reverseCalls,
    reverse(clientTransactionId) {
      const tx = transactions.get(clientTransactionId);
      if (!tx?.outcome) throw new Error(`fake PayPhone: ${clientTransactionId} was not paid`);
      tx.outcome = { ...tx.outcome, statusCode: 2, transactionStatus: 'Reversed' };
    },
    failNextPrepares(count) {
      failPrepares = count;
    },
    stop: () => server.stop(),
  };
}
