// The raffle's end as the operator meets it: 'Cerrar venta' says what it does to the
// pending orders, the store and the Sorteo page agree on it, the Sorteo page says what
// the draw waits for, and the result is previewed (who won) before it is published,
// never with a date after today.
import { ecuadorDay, SALE_TEXTS, UI, type Purchase } from '@vag/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  completedPurchase,
  createBankTransferOrder,
  englishOnScreen,
  MOBILE,
  shoot,
  staffPage,
  typeDate,
  useAdminSite,
  waitFor,
} from './support';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 180_000 });

const site = useAdminSite({ lottery: { totalNumbers: 100 } });

/** 'yyyy-mm-dd' → 'dd/mm/yyyy', as a person types it. */
const typed = (day: string) => day.split('-').reverse().join('/');

describe('the end of the sale', () => {
  it("closes the sale with 'Cerrar venta', waits for the pending order, then records the result after a preview", async () => {
    const winnerId = await completedPurchase(site, {
      email: `lucia.${Date.now()}@correo.ec`,
      quantity: 3,
      firstName: 'Lucía',
    });
    const pendingId = await createBankTransferOrder(site, {
      email: `pendiente.${Date.now()}@correo.ec`,
      quantity: 2,
    });

    // The dashboard's 'Cerrar venta' says what happens to the pending order before it acts.
    const page = await staffPage(site);
    await page.getByRole('button', { name: SALE_TEXTS.closeSale }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/Hay 1 pedido pendiente: se pueden seguir pagando/).waitFor();
    await dialog.getByText(/los que no se paguen vencerán solos/).waitFor();
    await shoot(page, 'close-sale-dialog-1366');
    await dialog.getByRole('button', { name: SALE_TEXTS.closeSale }).click();
    await page.getByText(SALE_TEXTS.closed).waitFor();
    await page.getByRole('button', { name: SALE_TEXTS.reopenSale }).waitFor();

    // The store and the Sorteo page agree: no more orders, and what the draw waits for.
    const visitor = await site.page();
    await visitor.goto('/');
    await visitor.getByText(UI.cannotParticipate).first().waitFor();
    await page.goto('/admin/draw');
    await page
      .getByText(
        /La venta está cerrada\. El sorteo espera 1 pedido pendiente, que pueden pagarse o vencer hasta el \d{2}\/\d{2}\/\d{4}/,
      )
      .waitFor();
    expect(await page.getByRole('button', { name: 'Registrar resultado' }).count()).toBe(0);
    await shoot(page, 'draw-waiting-1366');
    const phone = await staffPage(site, site.admin, MOBILE);
    await phone.goto('/admin/draw');
    await phone.getByText(/El sorteo espera 1 pedido pendiente/).waitFor();
    await shoot(phone, 'draw-waiting-390');

    // Paying the pending order lets the sold list be published: the form appears.
    await site.api('PATCH', `/purchases/${pendingId}/confirm-transfer`, {
      referenceCode: 'REF-CIERRE-1',
      bankName: 'Banco Guayaquil',
    });
    await waitFor(
      async () => {
        await page.reload();
        await page.getByText('Compromiso publicado').waitFor();
        return page.getByText(/ya puedes registrar el resultado/).isVisible();
      },
      { message: 'the sold list to be published', timeoutMs: 60_000 },
    );
    await page.getByText(/Venta cerrada el .* con 5 números vendidos/).waitFor();

    const winner = await site.api<Purchase & { orderCode: string }>(
      'GET',
      `/purchases/${winnerId}`,
    );
    const winning = winner.assignedNumbers[0]!;
    const today = ecuadorDay(new Date())!;
    const tomorrow = ecuadorDay(new Date(Date.now() + 86_400_000))!;
    await page.getByLabel('Primer premio').fill(`7${winning}`);
    await page.getByLabel('Número de sorteo').fill('7012');
    // The same date field as every other date, dd/mm/aaaa; a day after today is refused.
    await typeDate(page, 'Fecha del sorteo', typed(tomorrow));
    await page.getByRole('button', { name: 'Registrar resultado' }).click();
    await page.getByText(SALE_TEXTS.drawDateInFuture(today)).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    await typeDate(page, 'Fecha del sorteo', typed(today));
    await page.getByRole('button', { name: 'Registrar resultado' }).click();
    const preview = page.getByRole('dialog');
    await preview.getByRole('heading', { name: '¿Publicar este resultado?' }).waitFor();
    const who = `Número ganador: ${winning} — Lucía Pérez, pedido ${winner.orderCode}`;
    await preview.getByText(who).waitFor();
    await shoot(page, 'draw-preview-1366');
    // Nothing is published until it is confirmed.
    expect((await site.api<{ draw: unknown }>('GET', '/raffle/fairness')).draw).toBeNull();
    await preview.getByRole('button', { name: 'Publicar resultado' }).click();
    await page.getByText(`Sorteo registrado: gana el número ${winning}.`).waitFor();
    await page.getByText(who).waitFor();
    await page.getByText('Clave revelada').waitFor();
    expect(await englishOnScreen(page)).toEqual([]);
    await shoot(page, 'draw-recorded-1366');
    await phone.reload();
    await phone.getByText(who).waitFor();
    await shoot(phone, 'draw-recorded-390');
  });
});
