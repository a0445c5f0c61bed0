// Back-office screens at 1366 px and 390 px: Ajustes shows every value whole and keeps
// the database connection apart, Detalles shows the order's messages that went out and
// opens a receipt full size, and Historial keeps its actions in view beside long names.
import { crc32, deflateSync } from 'node:zlib';
import { UI } from '@vag/contracts';
import { TEST_BANK_ACCOUNT } from '../../server/src/testing/server';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import {
  createBankTransferOrder,
  DESKTOP,
  englishOnScreen,
  MOBILE,
  shoot,
  staffPage,
  useAdminSite,
} from './support';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const site = useAdminSite();
const VIEWPORTS = [DESKTOP, MOBILE];

/** The settings card whose heading is `title`. */
const card = (page: Page, title: string): Locator =>
  page.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { name: title }) });

/** Whether an input shows its whole value (nothing scrolled out of its box). */
const showsWhole = (input: Locator) =>
  input.evaluate(
    (el) => (el as HTMLInputElement).scrollWidth <= (el as HTMLInputElement).clientWidth + 1,
  );

/** A tall grey PNG, as a phone's photo of a receipt is (no image library needed). */
function tallPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width, 0xc0)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('Ajustes', () => {
  it('shows the bank account whole, keeps Recordatorio inside its card and the database connection under Avanzado', async () => {
    for (const viewport of VIEWPORTS) {
      const page = await staffPage(site, site.admin, viewport);
      await page.goto('/admin/settings?seccion=pagos');
      const bank = page.getByLabel('Banco', { exact: true });
      await expect.poll(() => bank.inputValue()).toBe(TEST_BANK_ACCOUNT.bank);
      for (const label of [
        'Banco',
        'Tipo de cuenta',
        'Número de cuenta',
        'Titular',
        'Cédula o RUC del titular',
      ]) {
        const input = page.getByLabel(label, { exact: true });
        if ((await input.count()) === 0) continue;
        const sizes = await input.evaluate((el) => {
          const i = el as HTMLInputElement;
          return `${i.value}: ${i.scrollWidth}/${i.clientWidth} ${i.closest('.MuiFormControl-root')?.getBoundingClientRect().width}`;
        });
        expect(await showsWhole(input), `${label} at ${viewport.width} px (${sizes})`).toBe(true);
      }
      const transfers = card(page, 'Transferencias bancarias');
      // Every field of the account lies inside its card (none pushed past its right edge).
      const cardRight = await transfers.evaluate((el) => el.getBoundingClientRect().right);
      const rights = await transfers
        .locator('.MuiFormControl-root')
        .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right));
      for (const right of rights) expect(right).toBeLessThanOrEqual(cardRight);
      const reminder = page.getByLabel('Recordatorio: horas antes de que venza');
      const [cardBox, reminderBox] = await Promise.all([
        transfers.boundingBox(),
        reminder.boundingBox(),
      ]);
      expect(reminderBox!.x + reminderBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);

      await transfers.scrollIntoViewIfNeeded();
      await shoot(page, `settings-bank-${viewport.width}`);
      expect(await englishOnScreen(page)).toEqual([]);

      const connection = 'Cadena de conexión de la base de datos';
      await page.getByRole('tab', { name: 'Datos personales' }).click();
      await card(page, 'Avanzado (técnico)').getByLabel(connection).waitFor();
      expect(await card(page, 'General').getByLabel(connection).count()).toBe(0);
    }
  });
});

describe('Historial de Compras', () => {
  it('keeps Detalles in view beside a very long buyer name at 1366 px, the name cut with an ellipsis', async () => {
    const email = `nombre.largo.${Date.now()}@correo.ec`;
    const firstName = 'María Fernanda Alexandra Guadalupe de los Ángeles Concepción';
    await createBankTransferOrder(site, { email, firstName });
    const page = await staffPage(site);
    await page.goto('/admin/purchases');
    await page.getByPlaceholder('Buscar por número, email o revendedor').fill(email);
    const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
    const details = row.getByRole('button', { name: UI.details });
    await details.waitFor();
    const box = await details.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(DESKTOP.width);
    const name = row.getByText(`${firstName} Pérez`);
    expect(await name.getAttribute('title')).toBe(`${firstName} Pérez`);
    expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await shoot(page, 'purchases-long-name-1366');
  });
});

describe('Detalles', () => {
  it("shows the order's e-mail and SMS that went out, and opens the receipt at full size", async () => {
    const email = `avisos.${Date.now()}@correo.ec`;
    const id = await createBankTransferOrder(site, { email, quantity: 1 });
    const doc = await site.srv.db.collection('purchases').findOne({ _id: id as never });
    const png = tallPng(540, 960);
    const up = await fetch(`${site.url}/api/orders/${id}/receipt?key=${String(doc!.accessKey)}`, {
      method: 'POST',
      body: new Uint8Array(png),
    });
    expect(up.status).toBe(201);

    for (const viewport of VIEWPORTS) {
      const page = await staffPage(site, site.admin, viewport);
      await page.goto('/admin/purchases');
      await page.getByPlaceholder('Buscar por número, email o revendedor').fill(email);
      const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
      await row.getByRole('button', { name: UI.details }).click();
      const dialog = page.getByRole('dialog');
      const notices = dialog.getByRole('list', { name: 'Mensajes del pedido' });
      await notices
        .getByText('Pedido registrado (enlace y datos para pagar) · Correo electrónico')
        .waitFor();
      await notices.getByText('Pedido registrado (enlace y datos para pagar) · SMS').waitFor();
      expect(await dialog.getByText('Sin registro').count()).toBe(0);
      expect(await dialog.getByText('Se envía al confirmarse el pago').count()).toBe(2);

      await dialog.getByRole('img', { name: /^Comprobante 1/ }).click();
      const full = page.getByRole('img', { name: /\(tamaño completo\)$/ });
      await full.waitFor();
      await shoot(page, `receipt-full-size-${viewport.width}`);
      await page.getByRole('button', { name: 'Cerrar' }).last().click();
      await full.waitFor({ state: 'detached' });
      await shoot(page, `purchase-notices-${viewport.width}`);
      expect(await englishOnScreen(page)).toEqual([]);
    }
  });
});
