// What an attacker can do to the statement import: guess the machine's import key (each
// address gets five wrong tries, then a lock), or upload a file made to exhaust the server
// (an .xlsx zip bomb). Either is refused in Spanish, and the server keeps answering; a bank's
// own Excel export still reads.
import { BANK_STATEMENT_TEXTS, type ColumnMapping } from '@vag/contracts';
import { readFileSync } from 'node:fs';
import { xlsxZipBomb } from '@vag/core/testing/zip-bomb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '../../payments/test-fixtures';
import { bearer, createStaff } from '../../testing/seed';
import { startTestServer, type TestServer } from '../../testing/server';

let server: TestServer;
let admin: { authorization: string };
const E = BANK_STATEMENT_TEXTS.errors;

beforeAll(async () => {
  // Behind the proxy the caller's address is X-Forwarded-For's: two callers in one test.
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  admin = bearer((await createStaff(server.db, { role: 'admin' })).token);
});
afterAll(async () => server?.stop());

const mapping: ColumnMapping = {
  headerRow: 0,
  date: 0,
  description: 1,
  reference: 2,
  amount: 3,
  credit: null,
  debit: null,
  kind: null,
  dateFormat: 'DD/MM/YYYY',
  decimalSeparator: ',',
};

const statement = () =>
  Buffer.from('Fecha;Concepto;Documento;Monto\r\n27/11/2026;DEPOSITO;0012348;25,00\r\n', 'latin1');

async function upload(
  path: string,
  file: Buffer,
  headers: Record<string, string>,
  fileName = 'estado.csv',
) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(file)]), fileName);
  form.set('bankAccount', '0');
  // An Excel file's columns are guessed (its own shape); the CSV's are given.
  if (fileName.endsWith('.csv')) form.set('mapping', JSON.stringify(mapping));
  const res = await fetch(`${server.url}/api${path}`, { method: 'POST', headers, body: form });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers field by field
  const body: any = await res.json();
  return { status: res.status, body, retryAfter: res.headers.get('retry-after') };
}

describe('POST /api/bank-statements with X-Import-Key', () => {
  it('locks an address out after five wrong keys, even for the right one; another address imports with it', async () => {
    const made = await postJson(`${server.url}/api/admin/bank-statements/import-key`, {}, admin);
    expect(made.status).toBe(201);
    const key: string = made.body.key;
    const guesser = (guess: string) =>
      upload('/bank-statements', statement(), {
        'x-import-key': guess,
        'x-forwarded-for': '203.0.113.7',
      });

    for (let i = 0; i < 5; i++) {
      const wrong = await guesser(`vagik_guess-${i}`);
      expect(wrong).toMatchObject({ status: 401, body: { msg: E.importKey } });
    }
    const locked = await guesser('vagik_guess-5');
    expect(locked).toMatchObject({ status: 429, body: { msg: E.importKeyLocked } });
    expect(Number(locked.retryAfter)).toBeGreaterThan(0);
    // While locked, not even the right key is compared from there.
    expect((await guesser(key)).status).toBe(429);

    const operator = await upload('/bank-statements', statement(), {
      'x-import-key': key,
      'x-forwarded-for': '198.51.100.4',
    });
    expect(operator.status, JSON.stringify(operator.body)).toBe(201);
    expect(operator.body.lines).toBe(1);
  });
});

describe('POST /api/admin/bank-statements/preview with an .xlsx zip bomb', () => {
  it('refuses it quickly in Spanish, and /api/health answers within a second meanwhile', async () => {
    // 300 KB that unzip to 300 MB of one sheet.
    const bomb = xlsxZipBomb(300);
    expect(bomb.length).toBeLessThan(400 * 1024);
    let uploading = true;
    let slowestHealth = 0;
    let healthChecks = 0;
    const health = (async () => {
      while (uploading) {
        const started = Date.now();
        expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
        slowestHealth = Math.max(slowestHealth, Date.now() - started);
        healthChecks++;
      }
    })();
    const started = Date.now();
    const refused = await upload('/admin/bank-statements/preview', bomb, admin, 'estado.xlsx');
    const took = Date.now() - started;
    uploading = false;
    await health;
    expect(refused).toMatchObject({
      status: 400,
      body: { msg: E.unzippedTooLarge, errors: { file: E.unzippedTooLarge } },
    });
    expect(took).toBeLessThan(10_000);
    expect(healthChecks).toBeGreaterThan(1);
    expect(slowestHealth).toBeLessThan(1000);
  });

  it("still reads a bank's own Excel export", async () => {
    const xlsx = readFileSync(
      new URL(
        '../../../../core/src/bank-statements/fixtures/title-rows-credit-debit.xlsx',
        import.meta.url,
      ),
    );
    const preview = await upload('/admin/bank-statements/preview', xlsx, admin, 'estado.xlsx');
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(JSON.stringify(preview.body)).toContain('TRANSFERENCIA DE CARLOS VAG-7KQ4MZ');
  });
});
