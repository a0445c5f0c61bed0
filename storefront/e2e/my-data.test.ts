// A buyer's own data at 390 px: /mis-datos asks with the e-mail, the page answers without
// saying whether it has data, the link arrives by e-mail (the real SMTP server of the
// tests), opens the buyer's data once; the PDF and JSON download, and the deletion, after
// its confirmation step, leaves the purchase anonymous. The same link then says it was used.
import { readFile } from 'node:fs/promises';
import { MY_DATA_TEXTS as T } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviders, type FakeProviders } from '../../core/src/testing/fakes/index';
import { insertPurchase } from '../../core/src/testing/raffle-fixtures';
import { hydrated, saveScreenshot, seedRaffle, startSite, waitFor, type Site } from './support';

const PHONE = { width: 390, height: 844 } as const;

let fakes: FakeProviders;
let site: Site;
const buyer = `mis.datos.${Date.now()}@correo.ec`;
let purchaseId: string;

beforeAll(async () => {
  fakes = await startFakeProviders();
  site = await startSite({ env: fakes.env });
  await seedRaffle(site);
  purchaseId = await insertPurchase(site.srv.db, { email: buyer, quantity: 3 });
});
afterAll(async () => {
  await site?.stop();
  await fakes?.stop();
});

const linkPath = (text: string) => {
  const url = /https?:\/\/\S+\/mis-datos\/acceso\?t=\S+/.exec(text)?.[0];
  return url ? new URL(url).pathname + new URL(url).search : null;
};

describe('/mis-datos at 390 px', () => {
  it('request → e-mail link → download PDF and JSON → deletion; the link then says it was used', async () => {
    const page = await site.page(PHONE);
    await page.goto('/mis-datos');
    await hydrated(page, 'MyDataRequest');
    await page.getByLabel('Correo electrónico').fill(buyer);
    await page.getByRole('button', { name: 'Enviarme el enlace' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe(T.requested);
    await saveScreenshot(page, 'my-data-request-390');

    const mail = await waitFor(
      () =>
        fakes.smtp.mails.find((m) => m.to.includes(buyer) && m.text.includes('/mis-datos/acceso')),
      { message: 'the /mis-datos e-mail' },
    );
    const link = linkPath(mail.text)!;
    await page.goto(link);
    await hydrated(page, 'MyDataPanel');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Descargar mis datos' }).count())
      .toBe(1);
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByLabel('Nombre').inputValue()).toBe('Ana');
    await saveScreenshot(page, 'my-data-panel-390');

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Descargar PDF' }).click(),
    ]);
    expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Descargar JSON' }).click(),
    ]);
    const data = JSON.parse(await readFile((await json.path())!, 'utf8'));
    expect(data.email).toBe(buyer);

    await page.getByRole('button', { name: 'Quiero eliminar mis datos' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Sí, eliminar mis datos' }).count())
      .toBe(1);
    await saveScreenshot(page, 'my-data-deletion-confirm-390');
    await page.getByRole('button', { name: 'Sí, eliminar mis datos' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Datos eliminados' }).count())
      .toBe(1);
    await saveScreenshot(page, 'my-data-deleted-390');
    const purchase = await site.srv.db
      .collection('purchases')
      .findOne({ _id: purchaseId as never });
    expect(purchase!.buyer.firstName).toBe('Anónimo');
    expect(purchase!.buyer.email).not.toContain(buyer);

    await page.goto(link);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(T.linkUsed);
    await saveScreenshot(page, 'my-data-link-used-390');
  });
});
