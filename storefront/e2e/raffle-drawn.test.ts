// A second raffle through its end while the featured one keeps selling: sold out, drawn,
// then archived. Its page says it was drawn and shows the winning number; archived, its
// page and trust page stay (read-only, with the result and what was sold), its buyer's
// order link keeps linking there, and /verificar?rifa=… checks the ticket against its own
// public record, before and after it is archived.
import {
  ecuadorDay,
  fairnessExportSchema,
  PAST_RAFFLE_TEXTS,
  PUBLIC_AUDIT_TEXTS,
  rafflePath,
  trustPagePath,
  UI,
  type FairnessExport,
} from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customOrder } from '../../api/src/payments/test-fixtures';
import {
  DESKTOP,
  hydrated,
  MOBILE,
  openSecondRaffle,
  saveScreenshot,
  seedRaffle,
  startSite,
  waitFor,
  type SecondRaffle,
  type Site,
} from './support';

const TOTAL = 5;
const PHONE_390 = { width: 390, height: 844 } as const;
let site: Site;
let quick: SecondRaffle;
let order: { id: string; orderUrl: string };
let numbers: string[];

beforeAll(async () => {
  site = await startSite();
  await seedRaffle(site);
  quick = await openSecondRaffle(site, {
    name: 'Rifa Relámpago',
    slug: 'rifa-relampago',
    prize: 'Bicicleta de montaña',
    pricePerNumber: 1,
    totalNumbers: TOTAL,
    packages: [{ name: 'Todos', quantity: TOTAL, price: TOTAL, isPopular: false }],
  });
  // One buyer takes every number by transfer; staff confirm it, so the sale closes.
  const res = await fetch(`${site.url}/api/raffles/${quick.slug}/payments/create-order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(customOrder('bank_transfer', TOTAL, 1)),
  });
  expect(res.status).toBe(201);
  const created = (await res.json()) as { purchaseId: string; orderUrl: string };
  order = { id: created.purchaseId, orderUrl: created.orderUrl };
  await site.api('PATCH', `/purchases/${order.id}/confirm-transfer`, {
    referenceCode: 'REF-RELAMPAGO',
    bankName: 'Pichincha',
  });
  const scoped = `/raffles/${quick.slug}`;
  await waitFor(
    async () =>
      fairnessExportSchema.parse(await site.api<FairnessExport>('GET', `${scoped}/raffle/fairness`))
        .closing !== null,
    { message: 'the quick raffle to close' },
  );
  await site.api('POST', `${scoped}/raffle/draw`, {
    firstPrize: '48213',
    drawNumber: 7012,
    drawDate: ecuadorDay(new Date()),
  });
  const purchase = await site.srv.db
    .collection<{ _id: string; assignedNumbers: string[] }>('purchases')
    .findOne({ _id: order.id });
  numbers = purchase!.assignedNumbers;
});
afterAll(async () => {
  await site?.stop();
});

describe('a second raffle drawn, then archived', () => {
  it('its page says it was drawn and shows the winning number, linking to its own verifier', async () => {
    for (const viewport of [MOBILE, DESKTOP]) {
      const page = await site.page(viewport);
      const hero = page.getByTestId('hero-winner');
      await waitFor(
        async () => {
          await page.goto(rafflePath(quick.slug));
          return (await hero.count()) > 0;
        },
        { message: 'the winner on the raffle page' },
      );
      await page.getByText('Sorteo realizado').waitFor();
      await page.getByRole('heading', { level: 1, name: 'Rifa Relámpago' }).waitFor();
      const winning = (await hero.locator('.hero-winner-number').textContent())!;
      expect(numbers).toContain(winning);
      expect(await hero.getByRole('link').getAttribute('href')).toBe(
        `/verificar?rifa=${quick.slug}&n=${winning}`,
      );
      await page.getByRole('button', { name: UI.cannotParticipate }).waitFor();
      expect(await page.getByRole('timer').count()).toBe(0);
      await saveScreenshot(page, `raffle-drawn-${viewport.width}`);
    }
    // The home keeps selling the featured raffle and shows no card of a drawn one.
    const home = await site.page(DESKTOP);
    await home.goto('/');
    await home.getByRole('link', { name: UI.participate }).waitFor();
    expect(await home.getByTestId('raffle-card').count()).toBe(0);
  });

  it('archived, its page stays read-only with its result, its buyer’s order link reaches it, and its ticket checks out on /verificar?rifa=…', async () => {
    await site.api('POST', `/admin/raffles/${quick.id}/archive`);
    expect((await fetch(`${site.url}${rafflePath(quick.slug)}`)).status).toBe(200);
    expect((await fetch(`${site.url}${trustPagePath(quick.slug)}`)).status).toBe(200);

    // The ticket's order link (e-mail, SMS) names the raffle and links its page.
    const page = await site.page(PHONE_390);
    await page.goto(order.orderUrl);
    await page.getByTestId('order-raffle').getByText('Rifa Relámpago').waitFor();
    await page.getByTestId('order-raffle').getByRole('link', { name: 'Rifa Relámpago' }).click();
    await page.waitForURL(`**${rafflePath(quick.slug)}`);

    // Read-only: the result, what was sold, the proof; nothing to buy.
    await page.getByRole('heading', { name: PAST_RAFFLE_TEXTS.resultTitle }).waitFor();
    const result = page.getByTestId('past-result');
    const winning = (await page.locator('.hero-winner-number').textContent())!;
    expect(numbers).toContain(winning);
    await result.getByText(PAST_RAFFLE_TEXTS.sold(TOTAL, TOTAL)).waitFor();
    expect(
      await result.getByRole('link', { name: PAST_RAFFLE_TEXTS.verify }).getAttribute('href'),
    ).toBe(`/verificar?rifa=${quick.slug}&n=${winning}`);
    expect(await page.locator('#sectionPackages').count()).toBe(0);
    expect(await page.locator('a[href^="/checkout"]').count()).toBe(0);
    await page.getByRole('button', { name: UI.cannotParticipate }).waitFor();
    await saveScreenshot(page, 'raffle-archived-390');

    // Its trust page keeps the result too.
    await result.getByRole('link', { name: PAST_RAFFLE_TEXTS.trust }).click();
    await page.waitForURL(`**${trustPagePath(quick.slug)}`);
    expect(await page.getByTestId('past-result').locator('.past-result-number').textContent()).toBe(
      winning,
    );

    await page.goto(`/verificar?rifa=${quick.slug}&n=${numbers.join(',')}`);
    await hydrated(page, 'Verifier');
    await page.getByTestId('verify-raffle').getByText('Rifa Relámpago').waitFor();
    for (const id of ['key', 'sold-list', 'winner', 'buyer']) {
      const check = page.getByTestId(`check-${id}`);
      await check.waitFor();
      expect(await check.getAttribute('data-ok'), id).toBe('true');
    }
    // Its own public record: the draw and the archiving, none of the featured raffle's.
    const audit = page.getByTestId('audit-entry');
    await audit.filter({ hasText: PUBLIC_AUDIT_TEXTS.actions['draw.recorded'] }).waitFor();
    await audit.filter({ hasText: PUBLIC_AUDIT_TEXTS.actions['raffle.archived'] }).waitFor();
    expect(await page.locator('.verify-audit').textContent()).toContain('con 5 números');
    await saveScreenshot(page, 'raffle-archived-verify-390');
  });
});
