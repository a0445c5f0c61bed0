// Rifas as an operator runs them: raffle A is on sale; the admin makes raffle B by
// duplicating A (its packages come along), publishes B, closes A's sale, draws A on its
// Sorteo page and archives it, and A shows up in Rifas anteriores with its winner while B
// keeps selling. Bad input is refused in Spanish and creates nothing; a draft's test orders
// are cleared behind a typed BORRAR; a reseller is not offered Rifas.
import { DEFAULT_DRAW_RULE, ecuadorDay, RAFFLE_TEXTS, type StaffRaffle } from '@vag/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import {
  completedPurchase,
  englishOnScreen,
  MOBILE,
  shoot,
  staffPage,
  typeDate,
  useAdminSite,
  waitFor,
} from './support';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 180_000 });

const site = useAdminSite({ lottery: { totalNumbers: 10 } });
const todayTyped = ecuadorDay(new Date())!.split('-').reverse().join('/');
const dayTyped = (offsetDays: number) =>
  ecuadorDay(new Date(Date.now() + offsetDays * 24 * 3600 * 1000))!
    .split('-')
    .reverse()
    .join('/');

const raffles = () => site.api<StaffRaffle[]>('GET', '/admin/raffles');
const raffleNamed = async (name: string) => (await raffles()).find((r) => r.name === name);
const rowOf = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

/** Clicks a step in a raffle's row (or page) and confirms it in its dialog. */
async function confirmStep(page: Page, scope: ReturnType<Page['getByRole']>, step: string) {
  await scope.getByRole('button', { name: step, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: step, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** A raffle's fields as the api takes them, 30 days ahead. */
const draftFields = (name: string) => ({
  name,
  prize: 'Televisor 65"',
  imageUrl: '',
  pricePerNumber: 1,
  totalNumbers: 50,
  endDate: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
  description: '',
});

describe('Rifas', () => {
  it('refuses a taken address, a past end date, 0 and 1000001 numbers in Spanish, and creates nothing', async () => {
    const before = await raffles();
    const taken = before[0]!.slug;
    const page = await staffPage(site);
    await page.goto('/admin/raffles/create');
    await page.getByLabel('Nombre de la rifa').fill('Rifa de Prueba');
    // The address follows the name until it is typed by hand.
    await expect.poll(() => page.getByLabel('Dirección').inputValue()).toBe('rifa-de-prueba');
    await page.getByLabel('Premio principal').fill('Bicicleta');
    await page.getByLabel('Precio por número').fill('2');
    await typeDate(page, 'Fecha de cierre', dayTyped(20));
    const create = page.getByRole('button', { name: 'Crear borrador' });

    for (const [count, message] of [
      ['0', RAFFLE_TEXTS.totalNumbersTooSmall],
      ['1000001', RAFFLE_TEXTS.totalNumbersTooLarge],
    ] as const) {
      await page.getByLabel('Cantidad de números').fill(count);
      await create.click();
      await page.getByText(message).waitFor();
    }
    await page.getByLabel('Cantidad de números').fill('100');
    await typeDate(page, 'Fecha de cierre', dayTyped(-1));
    await create.click();
    await page.getByText(RAFFLE_TEXTS.endDateInPast).waitFor();

    await typeDate(page, 'Fecha de cierre', dayTyped(20));
    await page.getByLabel('Dirección').fill(taken);
    await create.click();
    await page.getByText(RAFFLE_TEXTS.slugTaken(taken)).first().waitFor();
    await shoot(page, 'raffle-create-slug-taken');
    expect(await englishOnScreen(page)).toEqual([]);
    expect((await raffles()).map((r) => r._id)).toEqual(before.map((r) => r._id));
  });

  it("refuses to publish a raffle with no packages, and clears a draft's test orders behind BORRAR", async () => {
    await site.api('POST', '/admin/raffles', draftFields('Rifa Sin Paquetes'));
    const page = await staffPage(site);
    await page.goto('/admin/raffles');
    await confirmStep(page, rowOf(page, 'Rifa Sin Paquetes'), 'Publicar');
    await page.getByText(RAFFLE_TEXTS.noPackages).waitFor();
    expect((await raffleNamed('Rifa Sin Paquetes'))?.status).toBe('draft');

    await rowOf(page, 'Rifa Sin Paquetes').getByRole('button', { name: 'Editar' }).click();
    const zone = page.getByRole('region', { name: 'Zona de peligro' });
    await zone.getByRole('button', { name: 'Borrar pedidos de prueba' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/Una rifa publicada nunca pierde sus pedidos/).waitFor();
    const confirm = dialog.getByRole('button', { name: 'Borrar pedidos de prueba' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Escribe BORRAR para confirmar').fill('BORRAR');
    await shoot(page, 'raffle-clear-test-orders');
    await confirm.click();
    await page.getByText(RAFFLE_TEXTS.cleared(0)).waitFor();
  });

  it('duplicates A into B, publishes B, closes, draws and archives A; A is in Rifas anteriores with its winner', async () => {
    const a = (await raffles()).find((r) => r.featured)!;
    await site.api('POST', '/packages', {
      name: 'Combo 5',
      quantity: 5,
      price: 4,
      isPopular: true,
    });
    // A fixed draw, today's, so the result can be entered as soon as the sale closes.
    await site.api('PUT', '/raffle/draw-rule', {
      ...DEFAULT_DRAW_RULE,
      draw: { kind: 'fixed', date: ecuadorDay(new Date()), drawNumber: 7012 },
    });
    // A store's first raffle starts as a draft: A goes on sale before its first buyer.
    await site.api('POST', `/admin/raffles/${a._id}/publish`, {});
    await completedPurchase(site, { email: 'ana@example.com', quantity: 3 });

    const page = await staffPage(site);
    await page.goto('/admin/raffles');
    const rowA = rowOf(page, a.name);
    await rowA.getByText('En venta').waitFor();
    await rowA.getByText('Principal').waitFor();
    await rowA.getByText('30 %').waitFor();
    await shoot(page, 'raffles-list-1366');

    // B from A as template: A's fields prefilled, its packages copied.
    await rowA.getByRole('button', { name: 'Duplicar' }).click();
    await expect
      .poll(() => page.getByLabel('Nombre de la rifa').inputValue())
      .toBe(`${a.name} (copia)`);
    await page.getByLabel('Nombre de la rifa').fill('Rifa Express');
    await expect.poll(() => page.getByLabel('Dirección').inputValue()).toBe('rifa-express');
    expect(await page.getByLabel('Premio principal').inputValue()).toBe(a.prize);
    await page.getByLabel('Cantidad de números').fill('20');
    await shoot(page, 'raffle-duplicate-1366');
    await page.getByRole('button', { name: 'Crear borrador' }).click();
    await page.getByText(RAFFLE_TEXTS.created).waitFor();
    await page.getByRole('heading', { name: 'Rifa Express' }).waitFor();
    await page.getByRole('tab', { name: 'Paquetes' }).click();
    await page.getByRole('row', { name: /Combo 5/ }).waitFor();

    await page.getByRole('tab', { name: 'Página de la rifa' }).click();
    await confirmStep(page, page.locator('main'), 'Publicar');
    await page.getByText(RAFFLE_TEXTS.published).waitFor();
    const numbers = page.getByLabel('Cantidad de números');
    await expect.poll(() => numbers.isDisabled()).toBe(true);
    await page.getByText(RAFFLE_TEXTS.numbersLocked).waitFor();
    await shoot(page, 'raffle-page-published-1366');
    // Its page content stays editable once published; the locked count goes back unchanged.
    await page.getByLabel('Premio principal').fill('iPhone 17 Pro');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText(RAFFLE_TEXTS.saved).waitFor();
    expect(await raffleNamed('Rifa Express')).toMatchObject({
      prize: 'iPhone 17 Pro',
      totalNumbers: 20,
      status: 'on_sale',
    });

    await page.getByRole('link', { name: 'Volver a Rifas' }).click();
    await confirmStep(page, rowA, 'Cerrar venta');
    await page.getByText(RAFFLE_TEXTS.closed).waitFor();
    await rowA.getByText('Venta cerrada').waitFor();
    await rowOf(page, 'Rifa Express').getByText('En venta').waitFor();

    await rowA.getByRole('button', { name: 'Sortear' }).click();
    await page.waitForURL(`**/admin/raffles/${a._id}/draw`);
    await waitFor(
      async () => {
        await page.reload();
        await page.getByText('Compromiso publicado').waitFor();
        return page.getByRole('button', { name: 'Registrar resultado' }).isVisible();
      },
      { message: "A's sale to be closed for the draw", timeoutMs: 60_000 },
    );
    await page.getByLabel('Primer premio').fill('51234');
    await page.getByLabel('Número de sorteo').fill('7012');
    await typeDate(page, 'Fecha del sorteo', todayTyped);
    await page.getByRole('button', { name: 'Registrar resultado' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publicar resultado' }).click();
    const winnerLine = page.getByText(/^Número ganador: \d+ — Ana Pérez, pedido /);
    await winnerLine.waitFor();
    const winning = /Número ganador: (\d+)/.exec((await winnerLine.textContent()) ?? '')![1]!;

    await page.getByRole('link', { name: 'Volver a Rifas' }).click();
    await rowA.getByText('Sorteada').waitFor();
    await confirmStep(page, rowA, 'Archivar');
    await page.getByText(RAFFLE_TEXTS.archived).waitFor();
    await rowA.getByText('Archivada').waitFor();
    await rowOf(page, 'Rifa Express').getByText('En venta').waitFor();
    expect(await englishOnScreen(page)).toEqual([]);

    await page.getByRole('menuitem', { name: 'Rifas anteriores' }).click();
    const card = page.locator('.MuiCard-root').filter({ hasText: a.name });
    await card.getByText(`Número ganador: ${winning}`).waitFor();
    await card.getByText(/Ganador: Ana/).waitFor();
    await card.getByText('Sorteo registrado en la plataforma').waitFor();
    await shoot(page, 'archive-after-draw-1366');
  });

  it('is not offered to a reseller, nor opened by typing its address', async () => {
    const page = await staffPage(site, site.reseller);
    await page.getByRole('menuitem', { name: 'Historial de Compras' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Rifas', exact: true }).count()).toBe(0);
    for (const path of ['/admin/raffles', '/admin/raffles/create', '/admin/hero']) {
      await page.goto(path);
      await page.getByText('Acceso denegado', { exact: true }).first().waitFor();
      expect(await page.getByRole('button', { name: 'Crear borrador' }).count()).toBe(0);
    }
  });

  it('reads at 390 px: the list scrolls sideways, the form fits', async () => {
    const page = await staffPage(site, site.admin, MOBILE);
    await page.goto('/admin/raffles');
    await page.getByRole('heading', { name: 'Rifas', exact: true }).waitFor();
    await shoot(page, 'raffles-list-390');
    await page.goto('/admin/raffles/create');
    await page.getByLabel('Nombre de la rifa').waitFor();
    expect(await page.evaluate(() => document.body.scrollWidth)).toBeLessThanOrEqual(390);
    await shoot(page, 'raffle-create-390');
  });
});
