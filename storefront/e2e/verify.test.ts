// The public verifier (/verificar) as a visitor uses it: a sold, an unsold and a prize
// number; after the draw, the checks run in the browser, the buyer's own numbers from the
// ticket's link pass, and a number that is not theirs fails visibly. Below the checks, the
// raffle's public audit entries, with their empty and error states.
import {
  ecuadorDay,
  fairnessExportSchema,
  formatDateTime,
  PUBLIC_AUDIT_TEXTS,
  type FairnessExport,
  type PublicAuditEntry,
} from '@vag/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchNumbersAssigned } from '../../core/src/testing/raffle-fixtures';
import {
  DESKTOP,
  hydrated,
  openRaffle,
  saveScreenshot,
  seedInstantPrizes,
  sellPaid,
  startSite,
  waitFor,
  type SeededPrize,
  type Site,
} from './support';

const TOTAL = 20;
const PHONE = { width: 390, height: 844 } as const;
const LAPTOP = { width: 1366, height: 860 } as const;

let site: Site;
let watcher: Awaited<ReturnType<typeof watchNumbersAssigned>>;
let prize: SeededPrize;
const bought: string[][] = [];

beforeAll(async () => {
  site = await startSite();
  watcher = await watchNumbersAssigned(site.srv.deps.bus);
  await openRaffle(site, { totalNumbers: TOTAL, pricePerNumber: 1 });
  prize = (await seedInstantPrizes(site, [30]))[0]!;
  bought.push(await sellPaid(site, watcher, 4), await sellPaid(site, watcher, 3));
});
afterAll(async () => {
  await watcher?.stop();
  await site?.stop();
});

async function lookUp(page: Page, number: string) {
  await page.getByLabel('Número de la rifa').fill(number);
  await page.getByRole('button', { name: 'Consultar' }).click();
  const result = page.getByTestId('number-result');
  await result.getByText(number, { exact: true }).waitFor();
  return result;
}

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('the order page of a paid purchase', () => {
  it('offers the PDF ticket for download', async () => {
    const key = 'k'.repeat(32);
    const purchases = site.srv.db.collection<{ _id: string; assignedNumbers: string[] }>(
      'purchases',
    );
    const first = await purchases.findOne({ assignedNumbers: bought[0]![0]! });
    await purchases.updateOne(
      { _id: first!._id },
      { $set: { orderCode: 'VAG-TKT1', accessKey: key, status: 'COMPLETED' } },
    );
    const page = await site.page(PHONE);
    await page.goto(`/pedido?id=${first!._id}&key=${key}`);
    const link = page.getByRole('link', { name: 'Descargar boleto (PDF)' });
    await link.waitFor();
    const res = await fetch(new URL((await link.getAttribute('href'))!, site.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    await saveScreenshot(page, 'pedido-boleto-390');
  });
});

describe('/verificar', () => {
  it("opened from a ticket's QR code before the draw shows that ticket's numbers and looks up the first", async () => {
    const mine = bought[0]!;
    const { slug } = (await site.api<{ slug: string }[]>('GET', '/raffles'))[0]!;
    const page = await site.page(PHONE);
    await page.goto(`/verificar?rifa=${slug}&n=${mine.join(',')}`);
    await hydrated(page, 'Verifier');
    const ticket = page.getByTestId('ticket-numbers');
    await ticket.waitFor();
    expect(await ticket.locator('li').allInnerTexts()).toEqual(mine);
    const result = page.getByTestId('number-result');
    await result.getByText(mine[0]!, { exact: true }).waitFor();
    await result.getByText('Vendido', { exact: true }).waitFor();
    expect(await page.getByLabel('Número de la rifa').inputValue()).toBe(mine[0]);
    await noHorizontalScroll(page);
    await saveScreenshot(page, 'verificar-ticket-before-draw-390');
  });

  it('is linked from the header and the footer', async () => {
    const page = await site.page(DESKTOP);
    await page.goto('/');
    await page.locator('footer a[href="/verificar"]').waitFor({ state: 'attached' });
    await page
      .getByRole('navigation', { name: 'Principal' })
      .getByRole('link', { name: 'Verificar' })
      .click();
    await page.getByRole('heading', { name: 'Verifica el sorteo', level: 1 }).waitFor();
  });

  for (const [label, viewport] of [
    ['390', PHONE],
    ['1366', LAPTOP],
  ] as const) {
    it(`looks up a sold, an unsold and a prize number at ${label} px`, async () => {
      const page = await site.page(viewport);
      await page.goto('/verificar');
      await hydrated(page, 'Verifier');
      await page.getByTestId('draw-rule').waitFor();
      expect(await page.getByTestId('draw-rule').textContent()).toContain(
        'del primer sorteo de la Lotería Nacional después del cierre de la venta',
      );
      const record = fairnessExportSchema.parse(await site.api('GET', '/raffle/fairness'));
      expect(await page.getByTestId('key-hash').textContent()).toBe(record.commitment!.keyHash);

      const sold = await lookUp(page, bought[0]![0]!);
      await sold.getByText('Vendido', { exact: true }).waitFor();
      expect(await sold.textContent()).toMatch(/Vendido el \d{2}\/\d{2}\/\d{4}/);
      // Never to whom: a name and city per number would map buyers to their numbers.
      for (const personal of ['Ana', 'Quito', 'Pérez'])
        expect(await sold.textContent()).not.toContain(personal);

      const all = new Set(bought.flat());
      const free = Array.from({ length: TOTAL }, (_, i) => String(i).padStart(2, '0')).find(
        (n) => !all.has(n) && n !== prize.number,
      )!;
      const unsold = await lookUp(page, free);
      await unsold.getByText('Disponible', { exact: true }).waitFor();

      const withPrize = await lookUp(page, prize.number);
      await withPrize.getByText(/Premio instantáneo de \$30/).waitFor();
      expect(await withPrize.textContent()).toMatch(/Aún sin ganador|Ganado/);

      await page.getByLabel('Número de la rifa').fill('20');
      await page.getByRole('button', { name: 'Consultar' }).click();
      await page.getByText('El número debe estar entre 00 y 19').waitFor();
      await page.getByTestId('number-result').waitFor({ state: 'detached' });

      await noHorizontalScroll(page);
      await saveScreenshot(page, `verificar-lookup-${label}`);
    });
  }

  it('verifies the draw in the browser, the buyer’s numbers pass and a number not theirs fails', async () => {
    // Sell out: the sale closes, then the admin records the Lotería Nacional result.
    bought.push(await sellPaid(site, watcher, TOTAL - bought.flat().length));
    await waitFor(
      async () => {
        const data: FairnessExport = fairnessExportSchema.parse(
          await site.api('GET', '/raffle/fairness'),
        );
        return data.closing !== null;
      },
      { message: 'the sale to close' },
    );
    await site.api('POST', '/raffle/draw', {
      firstPrize: '48213',
      drawNumber: 7012,
      drawDate: ecuadorDay(new Date()),
    });

    const mine = bought[0]!;
    const page = await site.page(PHONE);
    await page.goto(`/verificar?n=${mine.join(',')}`);
    await hydrated(page, 'Verifier');
    await page.getByRole('heading', { name: 'Verifica el sorteo', level: 2 }).waitFor();
    for (const id of ['key', 'instant-prizes', 'sold-list', 'winner', 'buyer']) {
      const check = page.getByTestId(`check-${id}`);
      await check.waitFor();
      expect(await check.getAttribute('data-ok'), id).toBe('true');
    }
    expect(await page.getByTestId('check-buyer').textContent()).toContain(
      `Tus ${mine.length} números son los que la clave asigna a tu compra`,
    );
    await saveScreenshot(page, 'verificar-draw-390');

    const notMine = [...mine.slice(1), bought[1]![0]!];
    await page.getByLabel('Escribe todos los números de tu pedido').fill(notMine.join(', '));
    await page.getByRole('button', { name: 'Verificar mis números' }).click();
    const buyer = page.getByTestId('check-buyer');
    await buyer.getByText('Tus números: falló').waitFor();
    expect(await buyer.getAttribute('data-ok')).toBe('false');
    await saveScreenshot(page, 'verificar-draw-fail-390');
  });
});

describe('/verificar public audit log', () => {
  const auditLog = (page: Page) => page.getByRole('region', { name: PUBLIC_AUDIT_TEXTS.title });

  /** Opens /verificar until the server-rendered log shows `ready` (the page cache lives a few seconds). */
  async function openUntil(page: Page, ready: () => Promise<boolean>, message: string) {
    await waitFor(
      async () => {
        await page.goto('/verificar');
        return ready();
      },
      { timeoutMs: 15_000, intervalMs: 500, message },
    );
  }

  for (const [label, viewport] of [
    ['390', PHONE],
    ['1366', LAPTOP],
  ] as const) {
    it(`lists the raffle's actions newest first, with es-EC date and time and no staff names, at ${label} px`, async () => {
      const published = await site.api<PublicAuditEntry[]>('GET', '/raffle/audit');
      // Generation, the instant prize, the sale's closing (the system) and the draw result.
      expect(published.map((e) => e.action)).toEqual(
        expect.arrayContaining([
          'numbers.generated',
          'prizes.assigned',
          'sale.closed',
          'draw.recorded',
        ]),
      );
      const page = await site.page(viewport);
      const entries = page.getByTestId('audit-entry');
      await openUntil(
        page,
        async () => (await entries.count()) === published.length,
        'every entry',
      );

      const log = auditLog(page);
      await log.getByRole('heading', { name: PUBLIC_AUDIT_TEXTS.title }).waitFor();
      for (const [i, entry] of published.entries()) {
        const item = entries.nth(i);
        const when = item.locator('time');
        expect(await when.getAttribute('datetime')).toBe(entry.at);
        expect(await when.textContent()).toBe(formatDateTime(entry.at));
        expect(await when.textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
        const text = (await item.textContent()) ?? '';
        expect(text).toContain(PUBLIC_AUDIT_TEXTS.actions[entry.action]);
        expect(text).toContain(PUBLIC_AUDIT_TEXTS.actors[entry.actor]);
        expect(text).toContain(entry.description);
      }
      const all = (await log.textContent()) ?? '';
      expect(all).toContain('Se generaron 20 números y se publicó el compromiso.');
      expect(all).toContain('Sistema');
      expect(all).not.toContain('@');
      await noHorizontalScroll(page);
      await saveScreenshot(page, `verificar-audit-${label}`);
    });
  }

  it('says so when the raffle has no entries yet, and when the log cannot be read', async () => {
    const log = site.srv.db.collection<{ _id: string; raffleRef: string | null; action: string }>(
      'audit_log',
    );
    const { raffleRef } = (await site.api<FairnessExport>('GET', '/raffle/fairness')).commitment!;
    const page = await site.page(PHONE);
    // No entry for this raffle: the entries are set aside under another reference.
    await log.updateMany({ raffleRef }, { $set: { raffleRef: `aparte-${raffleRef}` } });
    try {
      await openUntil(page, () => page.getByTestId('audit-empty').isVisible(), 'the empty state');
      expect(await page.getByTestId('audit-empty').textContent()).toBe(PUBLIC_AUDIT_TEXTS.empty);
      expect(await page.getByTestId('audit-entry').count()).toBe(0);
    } finally {
      await log.updateMany({ raffleRef: `aparte-${raffleRef}` }, { $set: { raffleRef } });
    }

    // An entry the page cannot read (an action it does not know) fails the part, not the page.
    await log.insertOne({
      _id: 'entrada-ilegible',
      at: new Date(),
      actor: 'sistema',
      actorId: null,
      action: 'accion.desconocida',
      description: '?',
      scope: 'raffle',
      raffleId: 'current',
      raffleRef,
      purchaseId: null,
    } as never);
    try {
      const alert = auditLog(page).getByRole('alert');
      await openUntil(page, () => alert.isVisible(), 'the error state');
      expect(await alert.textContent()).toContain(PUBLIC_AUDIT_TEXTS.error);
      // The rest of the page still works.
      await page.getByRole('heading', { name: 'Verifica el sorteo', level: 1 }).waitFor();
      await saveScreenshot(page, 'verificar-audit-error-390');
    } finally {
      await log.deleteOne({ _id: 'entrada-ilegible' });
    }
  });
});
