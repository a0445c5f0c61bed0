// Pagos → Conciliación as staff use it after a sale evening, on a laptop (1366 px) and a
// phone (390 px): the bank's statement (title lines, semicolons, decimal commas, Windows
// encoding) goes up, the preview shows the guessed columns and the staff correct the one
// the guess got wrong; a file with a broken row is refused naming the row and keeps the
// corrections; the good file confirms its orders (paid, with numbers), and the lines
// without a code are assigned to an order by hand or set aside with a reason.
import { readFileSync } from 'node:fs';
import { BANK_STATEMENT_TEXTS, type Purchase, type Settings } from '@vag/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import {
  DESKTOP,
  MOBILE,
  createBankTransferOrder,
  englishOnScreen,
  shoot,
  staffPage,
  useAdminSite,
  waitFor,
} from './support';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 180_000 });

const site = useAdminSite();

const TEMPLATE = readFileSync(
  new URL('./fixtures/statement-title-lines-semicolon.csv.tmpl', import.meta.url),
  'utf8',
);
const NOT_A_STATEMENT = readFileSync(new URL('./fixtures/not-a-statement.csv', import.meta.url));

/** Dollars as this bank writes them: decimal comma. */
const bankAmount = (dollars: number) => dollars.toFixed(2).replace('.', ',');
const today = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(now.getDate())}/${pad(now.getMonth() + 1)}/${now.getFullYear()}`;
};

interface Orders {
  paid: Purchase;
  paidNoHyphen: Purchase;
  /** Paid in cash at the bank's window: its line has no code, staff assign it. */
  cash: Purchase;
}

async function order(email: string, quantity: number): Promise<Purchase> {
  const id = await createBankTransferOrder(site, { email, quantity });
  return site.api<Purchase>('GET', `/purchases/${id}`);
}

async function openOrders(run: string): Promise<Orders> {
  return {
    paid: await order(`ana.${run}@correo.ec`, 4),
    paidNoHyphen: await order(`luis.${run}@correo.ec`, 3),
    cash: await order(`rosa.${run}@correo.ec`, 10),
  };
}

/** The statement file of one run, in the bank's Windows encoding; `broken` spoils one amount. */
function statement(run: string, orders: Orders, { broken = false } = {}): Buffer {
  const values: Record<string, string> = {
    RUN: run,
    TODAY: today(),
    PAID: orders.paid.orderCode ?? '',
    PAID_AMOUNT: bankAmount(orders.paid.totalPrice),
    PAID_NO_HYPHEN: (orders.paidNoHyphen.orderCode ?? '').replace('-', ''),
    PAID_NO_HYPHEN_AMOUNT: bankAmount(orders.paidNoHyphen.totalPrice),
    CASH_AMOUNT: bankAmount(orders.cash.totalPrice),
    STRAY_AMOUNT: broken ? 'diez' : '10,00',
  };
  const text = TEMPLATE.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
  return Buffer.from(text, 'latin1');
}

async function addBankAccount(bank: string, run: string) {
  const settings = await site.api<Settings>('GET', '/settings');
  await site.api('PUT', `/settings/${settings._id}`, {
    bankAccounts: [
      ...settings.bankAccounts,
      {
        bank,
        type: 'Corriente',
        number: `0200512345${run}`,
        holder: 'Voy a Ganar S.A.',
        holderId: '1710034065',
      },
    ],
  });
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function chooseFile(page: Page, name: string, buffer: Buffer) {
  await page
    .getByLabel('Estado de cuenta (CSV o Excel)')
    .setInputFiles({ name, mimeType: 'text/csv', buffer });
}

/** The MUI select labelled `label` (its accessible name is the label, then its value). */
const select = (page: Page, label: string) =>
  page.getByRole('combobox', { name: new RegExp(`^${label}( |$)`) });

/** Picks `option` in the MUI select labelled `label`. */
async function pick(page: Page, label: string, option: string | RegExp) {
  await select(page, label).click();
  await page.getByRole('option', { name: option }).click();
}

async function paidWithNumbers(id: string, quantity: number) {
  return waitFor(
    async () => {
      const p = await site.api<Purchase>('GET', `/purchases/${id}`);
      return p.status === 'COMPLETED' && p.assignedNumbers?.length === quantity ? p : null;
    },
    { message: `purchase ${id} paid with ${quantity} numbers` },
  );
}

/** The columns of the one-header statements the tests send through the api. */
const MAPPING = {
  headerRow: 0,
  date: 0,
  description: 1,
  reference: 2,
  amount: 3,
  credit: null,
  debit: null,
  dateFormat: 'DD/MM/YYYY',
  decimalSeparator: ',',
};

/** A statement imported through the api as the back office sends it (account 0). */
async function importThroughApi(csv: string, fileName: string) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), fileName);
  form.append('bankAccount', '0');
  form.append('mapping', JSON.stringify(MAPPING));
  const res = await fetch(`${site.url}/api/admin/bank-statements`, {
    method: 'POST',
    headers: { authorization: `Bearer ${site.admin.token}` },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

describe('Ajustes → the import key', () => {
  it('is shown once with a copy button, works for POST /api/bank-statements, and a new one asks first', async () => {
    const page = await staffPage(site);
    await page.goto('/admin/settings?seccion=pagos');
    const card = page.getByTestId('import-key');
    await card.getByText('Sin clave: solo el personal importa a mano.').waitFor();
    await card.getByRole('button', { name: 'Generar clave' }).click();
    await card.getByText('Copia la clave ahora: no se volverá a mostrar.').waitFor();
    await card.getByRole('button', { name: 'Copiar clave' }).click();
    const key = await page.evaluate(() => navigator.clipboard.readText());
    expect(key.length).toBeGreaterThan(20);
    await shoot(page, 'import-key-shown');

    // A script sends the statement with the key (no staff token).
    const form = new FormData();
    const csv = `Fecha;Concepto;Referencia;Monto\r\n${today()};DEPOSITO SIN CODIGO;88001;7,00\r\n`;
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'script.csv');
    form.append('bankAccount', '0');
    form.append('mapping', JSON.stringify(MAPPING));
    const withKey = await fetch(`${site.url}/api/bank-statements`, {
      method: 'POST',
      headers: { 'x-import-key': key },
      body: form,
    });
    expect(withKey.status, await withKey.clone().text()).toBe(201);

    // Afterwards the card only says it is configured; a new key asks first.
    await page.reload();
    await card.getByText(/^Clave configurada/).waitFor();
    expect(await card.textContent()).not.toContain(key);
    await card.getByRole('button', { name: 'Generar una clave nueva' }).click();
    const ask = page.getByRole('dialog', { name: '¿Generar una clave nueva?' });
    await ask.getByRole('button', { name: 'Cancelar' }).click();
    await ask.waitFor({ state: 'detached' });
    await card.getByText(/^Clave configurada/).waitFor();
    await card.getByRole('button', { name: 'Generar una clave nueva' }).click();
    await ask.getByRole('button', { name: 'Generar' }).click();
    await card.getByText('Copia la clave ahora: no se volverá a mostrar.').waitFor();
    // The old key stopped working.
    const old = await fetch(`${site.url}/api/bank-statements`, {
      method: 'POST',
      headers: { 'x-import-key': key },
      body: form,
    });
    expect(old.status).toBe(401);
  });
});

describe('the transfer review queue', () => {
  it('says whether the bank statement has a line for each open transfer, in the list and in Detalles', async () => {
    const short = await order('paz.cola@correo.ec', 2);
    const waiting = await order('eva.cola@correo.ec', 1);
    // The buyer sent $2,00 of the $3,00: the line names the order and waits for a person.
    await importThroughApi(
      `Fecha;Concepto;Referencia;Monto\r\n${today()};TRANSFERENCIA ${short.orderCode};77001;2,00\r\n`,
      'estado-cola.csv',
    );
    const page = await staffPage(site);
    await page.goto('/admin/purchases');
    const found = `Línea del banco encontrada: ${today().slice(0, 5)} $2,00`;
    const shortRow = page.getByRole('row', { name: /paz\.cola@correo\.ec/ });
    await shortRow.getByText(`${found} (el pedido es de $3,00)`).waitFor();
    await page
      .getByRole('row', { name: /eva\.cola@correo\.ec/ })
      .getByText('Sin línea del banco todavía')
      .waitFor();
    expect(waiting.status).toBe('PENDING');
    await shortRow.getByRole('button', { name: 'Detalles' }).click();
    await page.getByTestId('transfer-review').getByText(found).waitFor();
    await shoot(page, 'transfer-review-bank-line');
  });
});

describe('Pagos → Conciliación', () => {
  it('refuses a file that is not a bank statement, in Spanish', async () => {
    const page = await staffPage(site);
    await page.goto('/admin/bank-statements');
    await page.getByRole('heading', { name: 'Conciliación bancaria' }).waitFor();
    await chooseFile(page, 'invitados.csv', NOT_A_STATEMENT);
    await page.getByRole('button', { name: 'Vista previa' }).click();
    await page.getByRole('alert').getByText(BANK_STATEMENT_TEXTS.errors.notStatement).waitFor();
    expect(await englishOnScreen(page)).toEqual([]);
  });

  it('previews an Excel export with title rows and separate débito/crédito columns', async () => {
    const xlsx = readFileSync(
      new URL(
        '../../core/src/bank-statements/fixtures/title-rows-credit-debit.xlsx',
        import.meta.url,
      ),
    );
    const page = await staffPage(site);
    await page.goto('/admin/bank-statements');
    await page
      .getByLabel('Estado de cuenta (CSV o Excel)')
      .setInputFiles({ name: 'movimientos.xlsx', mimeType: XLSX_TYPE, buffer: xlsx });
    await page.getByRole('button', { name: 'Vista previa' }).click();
    await page.getByTestId('statement-mapping').waitFor();
    await expect.poll(() => select(page, 'Crédito').textContent()).toBe('Columna 5: Crédito');
    expect(await select(page, 'Débito').textContent()).toBe('Columna 4: Débito');
    expect(await select(page, 'Fila de encabezados').textContent()).toBe('Fila 5');
    const readAs = page.getByRole('table', { name: 'Se leerá así' });
    await readAs.getByRole('row', { name: /27\/11\/2026 PAGO TARJETA .* -\$100,00/ }).waitFor();
    await readAs.getByText('$1.234,56').waitFor();
  });

  // Each run imports to an account of its own: an account's columns are remembered after
  // an import (its next preview opens with them), a new account's are guessed.
  for (const [viewport, run, account] of [
    [DESKTOP, '1', 'Banco Guayaquil'],
    [MOBILE, '2', 'Produbanco'],
  ] as const) {
    it(`imports a statement, corrects a column, confirms its orders and settles the rest by hand at ${viewport.width} px`, async () => {
      const orders = await openOrders(run);
      await addBankAccount(account, run);
      const page = await staffPage(site, site.admin, viewport);
      await page.goto('/admin/bank-statements');
      await page.getByRole('heading', { name: 'Conciliación bancaria' }).waitFor();
      await pick(page, 'Cuenta bancaria', new RegExp(account));

      // The broken file first: its preview reads the other rows and names the bad one.
      await chooseFile(page, `estado-${run}.csv`, statement(run, orders, { broken: true }));
      await page.getByRole('button', { name: 'Vista previa' }).click();
      const mapping = page.getByTestId('statement-mapping');
      await mapping.waitFor();
      // The guess took the bank's document number as the reference; the code is in
      // 'Ref. cliente' (column 4).
      await expect
        .poll(() => select(page, 'Referencia').textContent())
        .toBe('Columna 2: Documento');
      await pick(page, 'Referencia', 'Columna 4: Ref. cliente');
      const readAs = page.getByRole('table', { name: 'Se leerá así' });
      await readAs.getByText(orders.paid.orderCode ?? '').waitFor();
      await readAs.getByText(/Fila 8: el monto «diez»/).waitFor();
      await shoot(page, `bank-statement-preview-${viewport.width}`);
      // The file's wide rows scroll inside their table; the page itself never scrolls sideways.
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

      // Importing it is refused whole, naming the row; the correction stays.
      await page.getByRole('button', { name: 'Importar' }).click();
      const refused = page.getByRole('alert');
      await refused.getByText(/Fila 8: el monto «diez» no tiene un formato conocido/).waitFor();
      await refused.getByText(/No se confirmó nada de este archivo/).waitFor();
      expect(await select(page, 'Referencia').textContent()).toBe('Columna 4: Ref. cliente');
      expect((await site.api<Purchase>('GET', `/purchases/${orders.paid._id}`)).status).toBe(
        'PENDING',
      );

      // The bank's good file, with the same corrections.
      await chooseFile(page, `estado-${run}.csv`, statement(run, orders));
      await page.getByRole('button', { name: 'Vista previa' }).click();
      await readAs.getByText('$10,00').waitFor();
      expect(await select(page, 'Referencia').textContent()).toBe('Columna 4: Ref. cliente');
      await page.getByRole('button', { name: 'Importar' }).click();
      const summary = page.getByTestId('import-summary');
      await summary.waitFor();
      expect(await summary.getByTestId('summary-confirmed').textContent()).toBe('2');
      expect(await summary.getByTestId('summary-needsReview').textContent()).toBe('2');
      await shoot(page, `bank-statement-summary-${viewport.width}`);

      // The two orders named by their code are paid, with their numbers.
      await paidWithNumbers(orders.paid._id!, 4);
      await paidWithNumbers(orders.paidNoHyphen._id!, 3);

      // The lines without a code wait with their reason, this import's only.
      const lines = page.getByTestId('review-lines');
      await pick(page, 'Importación', new RegExp(`estado-${run}\\.csv`));
      await expect.poll(() => lines.getByTestId('review-line').count()).toBe(2);
      const cash = lines.getByTestId('review-line').filter({ hasText: 'DEPOSITO EN EFECTIVO' });
      await cash.getByText(BANK_STATEMENT_TEXTS.reasons.no_code).waitFor();
      await shoot(page, `bank-statement-review-${viewport.width}`);

      // Assigned by hand: a wrong code is refused in Spanish, the right one pays the order.
      await cash.getByRole('button', { name: 'Asignar a un pedido' }).click();
      const assign = page.getByRole('dialog', { name: 'Asignar la línea a un pedido' });
      await assign.getByLabel('Código del pedido').fill('pedido de rosa');
      await assign.getByRole('button', { name: 'Asignar' }).click();
      await assign.getByText('Escribe un código de pedido como VAG-7KQ2MX.').waitFor();
      await assign.getByLabel('Código del pedido').fill('VAG-ZZZZZZ');
      await assign.getByRole('button', { name: 'Asignar' }).click();
      await assign.getByText(BANK_STATEMENT_TEXTS.errors.orderNotFound).waitFor();
      await assign
        .getByLabel('Código del pedido')
        .fill((orders.cash.orderCode ?? '').toLowerCase().replace('-', ' '));
      await assign.getByRole('button', { name: 'Asignar' }).click();
      await assign.waitFor({ state: 'detached' });
      await paidWithNumbers(orders.cash._id!, 10);
      await expect.poll(() => lines.getByTestId('review-line').count()).toBe(1);

      // Set aside: a reason is required.
      const stray = lines.getByTestId('review-line').first();
      await stray.getByRole('button', { name: 'Apartar' }).click();
      const aside = page.getByRole('dialog', { name: 'Apartar la línea' });
      await aside.getByRole('button', { name: 'Apartar' }).click();
      await aside.getByText('Escribe por qué se aparta esta línea.').waitFor();
      await aside.getByLabel('Motivo').fill('Pago de otra rifa, se devuelve al cliente');
      await aside.getByRole('button', { name: 'Apartar' }).click();
      await aside.waitFor({ state: 'detached' });
      await lines.getByText('No hay líneas que coincidan con los filtros.').waitFor();

      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      expect(await englishOnScreen(page)).toEqual([]);
    });
  }
});
