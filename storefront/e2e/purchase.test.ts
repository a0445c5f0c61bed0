// A visitor buys a package by bank transfer against the real api, then finds the
// purchase (and, once staff confirm the transfer, its numbers) by e-mail.
import { ERRORS, FORM, LOOKUP_MESSAGES, numberRuns, SERVER, UI, VALIDATION } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  holdRequests,
  hydrated,
  lookupLinkInOutbox,
  seedRaffle,
  startSite,
  waitFor,
  type SeededPackage,
  type Site,
} from './support';
import { signLookupToken } from '../../api/src/routes/purchases/lookup-token';

let site: Site;
let packages: SeededPackage[];

beforeAll(async () => {
  site = await startSite();
  ({ packages } = await seedRaffle(site));
});
afterAll(async () => {
  await site?.stop();
});

describe('buying with bank transfer', () => {
  it('goes home → package → checkout (invalid, then valid data) → order page → receipt, rejection, new receipt → confirmed numbers, and the purchase is found by e-mail', async () => {
    const page = await site.page();
    const popular = packages.find((p) => p.isPopular)!;

    await page.goto('/');
    await page.getByRole('link', { name: UI.participate }).click();
    await hydrated(page, 'Packages');
    await page
      .getByRole('button', { name: `${popular.name}: ${popular.quantity} números por $12,00` })
      .click();
    await page.waitForURL('**/checkout');
    await page.getByTestId('summary-total').getByText('$12,00').waitFor();

    // Transfer, the only method that works here, is chosen for the buyer; card is refused.
    const submit = page.getByRole('button', { name: 'PAGAR AHORA' });
    await waitFor(() => page.getByLabel('Transferencia Bancaria').isChecked(), {
      message: 'the only working method chosen',
    });
    expect(await page.getByText(FORM.selectMethodHint).count()).toBe(0);
    // Without Stripe keys card is not offered at all; SPEC refuses it anyway.
    expect(await page.getByLabel('Tarjeta').count()).toBe(0);

    await page.getByLabel('Transferencia Bancaria').check();
    await page.getByTestId('bank-details').getByText('Banco Pichincha').waitFor();
    expect(await submit.isDisabled()).toBe(false);

    // Empty form: every message of SPEC §5 and the toast.
    await submit.click();
    await page.getByText(FORM.invalidTitle).waitFor();
    await page.getByText(FORM.invalidDescription).waitFor();
    for (const message of [
      VALIDATION.firstNameRequired,
      VALIDATION.lastNameRequired,
      VALIDATION.emailRequired,
      VALIDATION.phoneRequired,
      VALIDATION.provinceRequired,
      VALIDATION.cityRequired,
      VALIDATION.addressRequired,
      VALIDATION.termsRequired,
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }

    // Editing a field clears its error.
    await page.getByLabel('Nombre', { exact: true }).fill('Ana');
    await page.getByText(VALIDATION.firstNameRequired).waitFor({ state: 'detached' });

    // Invalid e-mail, then a confirmation that does not match.
    await page.getByLabel('Email', { exact: true }).fill('ana-sin-arroba');
    await page.getByLabel('Confirmar email').fill('otra@correo.ec');
    await submit.click();
    await page.getByText(VALIDATION.emailInvalid, { exact: true }).waitFor();
    await page.getByText(VALIDATION.emailsDontMatch, { exact: true }).waitFor();

    const email = `ana.${Date.now()}@correo.ec`;
    await page.getByLabel('Apellido').fill('Pérez');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Confirmar email').fill(email);
    await page.getByLabel('Teléfono').fill('0991234567');
    await page.getByLabel('Provincia').selectOption('Pichincha');
    await page.getByLabel('Ciudad').fill('Quito');
    await page.getByLabel('Dirección').fill('Av. Amazonas N24-03');
    await page.getByLabel(/Acepto los términos/).check();

    // The buyer lands on the order page (never on WhatsApp by itself).
    let whatsappOpened = false;
    await page.route('https://wa.me/**', (route) => {
      whatsappOpened = true;
      return route.abort();
    });
    const held = await holdRequests(page, '**/api/payments/create-order');
    await submit.click();
    await page.getByText(UI.processingPayment).waitFor();
    await page.getByRole('button', { name: UI.processingButton }).waitFor();
    expect(await page.getByLabel('Apellido').isDisabled()).toBe(true);
    held.release();
    await page.waitForURL('**/pedido?id=*');
    const { purchaseId, orderCode } = held.answers[0] as { purchaseId: string; orderCode: string };
    expect(SERVER.bankTransferInstructions).toBeTruthy();
    await page.getByRole('heading', { name: `Tu pedido ${orderCode}` }).waitFor();
    // On a phone the code stays whole, in the heading and in what to write as the
    // transfer's concept (both broke at its hyphen).
    await page.setViewportSize({ width: 390, height: 844 });
    const lineBoxes = await page
      .locator('.order-code')
      .evaluateAll((els) => els.map((el) => el.getClientRects().length));
    expect(lineBoxes).toEqual([1, 1]);
    await page.setViewportSize(DESKTOP);
    await page.getByTestId('order-status').getByText('Pendiente de pago').waitFor();
    await page.getByText('$12,00').first().waitFor();
    const account = page.getByTestId('bank-account').first();
    await account.getByText('Banco Pichincha').waitFor();
    await account.getByText('2201234567').waitFor();
    await page.getByRole('button', { name: 'Copiar código de pedido' }).waitFor();
    // The countdown runs: two different readings, and the page stays where it is.
    const countdown = page.getByTestId('countdown');
    const first = await countdown.textContent();
    await waitFor(async () => (await countdown.textContent()) !== first, {
      message: 'the countdown ticking',
    });
    expect(first).toMatch(/^[12] d \d\d:\d\d:\d\d$/);
    expect(new URL(page.url()).pathname).toBe('/pedido');
    expect(whatsappOpened).toBe(false);

    // A receipt goes up through the page's own button (the browser's file button speaks
    // the browser's language) and the order is in review.
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByText('Elegir archivo', { exact: true }).click(),
    ]);
    await chooser.setFiles({ name: 'comprobante.png', mimeType: 'image/png', buffer: png });
    await page.getByTestId('order-status').getByText('Comprobante en revisión').waitFor();

    // Staff reject it with a reason: the buyer sees it and uploads again.
    await site.api('POST', `/purchases/${purchaseId}/reject-transfer`, {
      reason: 'El monto no coincide con el pedido',
    });
    await page.reload();
    await page.getByTestId('order-status').getByText('Rechazado').waitFor();
    await page
      .getByTestId('rejection-reason')
      .getByText(/El monto no coincide/)
      .waitFor();
    await page.getByLabel(/Sube el comprobante/).setInputFiles({
      name: 'comprobante.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%comprobante\n'),
    });
    await page.getByTestId('order-status').getByText('Comprobante en revisión').waitFor();

    // The purchase is pending until staff confirm the transfer.

    // The lookup sends the buyer their links by e-mail (the outbox log offline); the
    // e-mail's list link opens the list of statuses and numbers.
    const home = await site.page();
    await home.goto('/#lookup');
    await hydrated(home, 'Lookup');
    await home.getByLabel('Correo electrónico').fill(email);
    await home.getByRole('button', { name: 'Enviarme mis pedidos' }).click();
    await home.getByText(LOOKUP_MESSAGES.sent(email)).waitFor();
    const listLink = await waitFor(() => lookupLinkInOutbox(site, email), {
      message: 'the lookup e-mail in the outbox',
    });
    await home.goto(listLink);
    const result = home.getByTestId('lookup-result');
    // The list reads the order as its order page does (one label for one state).
    await result.getByText('Comprobante en revisión').waitFor();
    await result.getByText('10 números · $12,00').waitFor();

    await site.api('PATCH', `/purchases/${purchaseId}/confirm-transfer`, {
      referenceCode: 'REF-123',
      bankName: 'Pichincha',
    });
    await waitFor(
      async () => {
        await home.reload();
        await result.getByText('Pagado').waitFor({ timeout: 1000 });
        return (
          (await result
            .getByRole('list', { name: 'Números asignados' })
            .getByRole('listitem')
            .count()) === 10
        );
      },
      { message: 'the ten numbers in the lookup' },
    );

    // The order page now shows the ten numbers, consecutive ones as one run ('0412-0413').
    await page.reload();
    await page.getByTestId('order-status').getByText('Pagado').waitFor();
    await page.getByRole('heading', { name: 'Tus números (10)' }).waitFor();
    const paid = await site.srv.db
      .collection<{ _id: string; assignedNumbers: string[] }>('purchases')
      .findOne({ _id: purchaseId });
    expect(
      await page.getByRole('list', { name: 'Tus números' }).getByRole('listitem').allInnerTexts(),
    ).toEqual(numberRuns(paid!.assignedNumbers));

    // The e-mail alone (the form sent before hydration) shows nobody's purchases.
    const plain = await site.page();
    await plain.goto(`/?email=${encodeURIComponent(email)}#lookup`);
    await hydrated(plain, 'Lookup');
    // Filled in by the island's first effect, just after hydration.
    await expect.poll(() => plain.getByLabel('Correo electrónico').inputValue()).toBe(email);
    expect(await plain.getByTestId('lookup-result').count()).toBe(0);

    // The sales progress counts the ten numbers: 1,00% of 1000, the bar grown to it.
    await waitFor(
      async () => {
        await plain.goto('/');
        await plain.locator('#progress').scrollIntoViewIfNeeded();
        await plain.getByText('10 de 1.000 números vendidos').waitFor({ timeout: 2000 });
        return true;
      },
      { message: 'the progress after the sale' },
    );
    await plain.getByText('1,00%', { exact: true }).waitFor();
    expect(await plain.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1');
    // The bar grows to it once seen.
    await plain.waitForFunction(
      () => document.querySelector<HTMLElement>('.progress-fill')?.style.width === '1%',
    );
  });

  it("shows 'No se encontraron compras con ese email.' when a list link's e-mail has none", async () => {
    const page = await site.page();
    const email = 'nadie@correo.ec';
    const token = signLookupToken(site.srv.deps.jwtSecret, email, new Date(Date.now() + 60_000));
    await page.goto(`/?${new URLSearchParams({ email, consulta: token }).toString()}#lookup`);
    await page.getByText(UI.lookupEmpty).waitFor();
  });

  it("shows 'Error de conexión con el servidor' when the lookup cannot reach the api", async () => {
    const page = await site.page();
    await page.goto('/#lookup');
    await hydrated(page, 'Lookup');
    await page.route('**/api/purchases/lookup', (route) => route.abort('connectionrefused'));
    await page.getByLabel('Correo electrónico').fill('ana@correo.ec');
    await page.getByRole('button', { name: 'Enviarme mis pedidos' }).click();
    await page.getByRole('alert').getByText(ERRORS.connection, { exact: true }).waitFor();
  });
});
