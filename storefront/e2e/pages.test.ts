// The public pages as a visitor sees them: home sections, custom quantity, the
// reseller code, the inactive raffle, checkout layout at 360 px and desktop, 404.
import { ERRORS, UI } from '@vag/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  seedSettings,
  DESKTOP,
  drawJpeg,
  hydrated,
  uploadMedia,
  MOBILE,
  saveScreenshot,
  seedRaffle,
  startSite,
  waitFor,
  type Site,
} from './support';

let site: Site;

beforeAll(async () => {
  site = await startSite();
  await seedRaffle(site, { pricePerNumber: 1.25 });
  await seedSettings(site);
  const painter = await site.page();
  await uploadMedia(
    site,
    'media-1.jpg',
    await drawJpeg(painter, { text: '¡Camioneta 0 km!', from: '#5b21b6', to: '#f59e0b' }),
    'image/jpeg',
  );
  await uploadMedia(
    site,
    'media-2.jpg',
    await drawJpeg(painter, { text: 'Premios instantáneos', from: '#0f766e', to: '#5b21b6' }),
    'image/jpeg',
  );
});
afterAll(async () => {
  await site?.stop();
});

/** Scrolls through the page so every client:visible island hydrates. */
async function revealAll(page: Page) {
  for (const id of ['progress', 'sectionPackages', 'lookup', 'premios', 'actividades']) {
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
  }
  await page.getByRole('progressbar').waitFor();
  await page.getByText(UI.noPastActivities).waitFor();
}

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('home', () => {
  for (const [label, viewport] of [
    ['mobile', MOBILE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`shows every section in order at ${viewport.width} px`, async () => {
      const page = await site.page(viewport);
      await page.goto('/');
      await page.getByRole('heading', { name: 'Gran Sorteo Navideño' }).waitFor();
      await page.getByRole('link', { name: UI.participate }).waitFor();
      await revealAll(page);
      await page.getByRole('button', { name: /^Popular: 10 números por \$12\.00/ }).waitFor();
      await page.getByText(UI.noInstantPrizes).waitFor();
      const order = await page.evaluate(() =>
        ['progress', 'sectionPackages', 'lookup', 'premios', 'como-participar', 'actividades'].map(
          (id) => document.getElementById(id)!.getBoundingClientRect().top,
        ),
      );
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      await noHorizontalScroll(page);
      // The floating WhatsApp button fades in (after 2 s) with the contact number.
      const whatsapp = page.getByRole('link', { name: 'Escríbenos por WhatsApp' });
      await page.locator('.whatsapp-float.visible').waitFor();
      expect(await whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/593991234567\?text=/);
      // The footer shows the contact data from settings.
      await page.locator('footer').getByRole('link', { name: 'soporte@voyaganar.ec' }).waitFor();
      await page.locator('footer').getByRole('link', { name: 'Instagram' }).waitFor();
      if (viewport === MOBILE) {
        // The header links sit behind the menu button on small screens.
        const toggle = page.getByRole('button', { name: 'Abrir menú' });
        const headerLink = page
          .getByRole('navigation', { name: 'Principal' })
          .getByRole('link', { name: 'Ganadores' });
        expect(await headerLink.isVisible()).toBe(false);
        await toggle.click();
        await headerLink.waitFor();
        await page.getByRole('button', { name: 'Cerrar menú' }).click();
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, `home-${label}`);
    });
  }

  it('shows the slot images as a carousel with dots that advances on its own', async () => {
    const page = await site.page(MOBILE);
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Sorteo Gran Sorteo Navideño' });
    const first = carousel.getByRole('button', { name: 'Ir a la imagen 1' });
    const second = carousel.getByRole('button', { name: 'Ir a la imagen 2' });
    await second.waitFor();
    expect(await first.getAttribute('aria-current')).toBe('true');
    // Autoplay moves to the second slide after 5 s.
    await waitFor(async () => (await second.getAttribute('aria-current')) === 'true', {
      timeoutMs: 10_000,
      message: 'autoplay',
    });
    await first.click();
    expect(await first.getAttribute('aria-current')).toBe('true');
    // Only the current slide is exposed to assistive technology.
    expect(await carousel.locator('img').count()).toBe(2);
    expect(await carousel.getByRole('img').count()).toBe(1);
  });

  it('prices a custom quantity at quantity × price per number and falls back to 1', async () => {
    const page = await site.page(MOBILE);
    await page.goto('/#sectionPackages');
    await hydrated(page, 'Packages');
    const quantity = page.getByLabel(/Cantidad personalizada/);
    await quantity.fill('7');
    await page.getByTestId('custom-total').getByText('$8.75').waitFor();
    await quantity.fill('');
    await quantity.blur();
    expect(await quantity.inputValue()).toBe('1');
    await page.getByTestId('custom-total').getByText('$1.25').waitFor();
    await quantity.fill('3');
    await page.getByRole('button', { name: 'Comprar 3 números' }).click();
    await page.waitForURL('**/checkout');
    await page.getByTestId('summary-total').getByText('$3.75').waitFor();
    await page.getByText('Personalizado').waitFor();
  });

  it('carries the reseller code of ?code= into checkout and the order', async () => {
    const page = await site.page();
    await page.goto('/?code=REV-ANA#sectionPackages');
    await hydrated(page, 'Packages');
    await page.getByText('Código de referido: REV-ANA').waitFor();
    await page.getByRole('button', { name: /^Básico:/ }).click();
    await page.waitForURL('**/checkout');
    await page.getByTestId('summary-reseller').getByText('REV-ANA').waitFor();

    await page.getByLabel('Transferencia Bancaria').check();
    await page.getByLabel('Nombre', { exact: true }).fill('Rosa');
    await page.getByLabel('Apellido').fill('Vera');
    await page.getByLabel('Email', { exact: true }).fill('rosa@correo.ec');
    await page.getByLabel('Confirmar email').fill('rosa@correo.ec');
    await page.getByLabel('Teléfono').fill('0991112222');
    await page.getByLabel('Provincia').selectOption('Guayas');
    await page.getByLabel('Ciudad').fill('Guayaquil');
    await page.getByLabel('Dirección').fill('Malecón 100');
    await page.getByLabel(/Acepto los términos/).check();
    await page.route('https://wa.me/**', (route) => route.fulfill({ status: 200, body: 'ok' }));
    const request = page.waitForRequest('**/api/payments/create-order');
    await page.getByRole('button', { name: 'PAGAR AHORA' }).click();
    const order = (await request).postDataJSON() as {
      resellerCode: string;
      quantity: number;
      packageId: string;
    };
    expect(order).toMatchObject({ resellerCode: 'REV-ANA', quantity: 5 });
  });
});

describe('checkout', () => {
  it("toasts 'Error en el proceso de pago' when the provider is not configured, and lets the buyer try again", async () => {
    const page = await site.page(MOBILE);
    await page.goto('/#sectionPackages');
    await hydrated(page, 'Packages');
    await page.getByRole('button', { name: /^Básico:/ }).click();
    await page.waitForURL('**/checkout');
    await page.getByLabel('PayPal').check();
    await page.getByLabel('Nombre', { exact: true }).fill('Mario');
    await page.getByLabel('Apellido').fill('Paz');
    await page.getByLabel('Email', { exact: true }).fill('mario@correo.ec');
    await page.getByLabel('Confirmar email').fill('mario@correo.ec');
    await page.getByLabel('Teléfono').fill('0990000000');
    await page.getByLabel(/Acepto los términos/).check();
    await page.getByRole('button', { name: 'PAGAR AHORA' }).click();
    await page.getByText(ERRORS.paymentTitle).waitFor();
    await page.getByText(ERRORS.paymentDescription, { exact: false }).waitFor();
    await page.getByRole('button', { name: 'PAGAR AHORA' }).waitFor();
    expect(await page.getByLabel('Apellido').isDisabled()).toBe(false);
    expect(page.url()).toMatch(/\/checkout$/);
  });

  it("sends a visitor without a package home with 'No hay paquete seleccionado'", async () => {
    const page = await site.page();
    await page.goto('/checkout');
    await page.getByText(ERRORS.noPackageSelected).first().waitFor();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('puts summary and methods above the form at 360 px and in a right column on desktop', async () => {
    const page = await site.page(MOBILE);
    await page.goto('/#sectionPackages');
    await hydrated(page, 'Packages');
    await page.getByRole('button', { name: /^Mega:/ }).click();
    await page.waitForURL('**/checkout');
    const summary = page.getByRole('heading', { name: 'Resumen del pedido' });
    const methods = page.getByRole('heading', { name: 'Método de pago' });
    const form = page.getByRole('heading', { name: 'Datos del comprador' });
    await form.waitFor();
    const [s1, m1, f1] = await Promise.all([
      summary.boundingBox(),
      methods.boundingBox(),
      form.boundingBox(),
    ]);
    expect(s1!.y).toBeLessThan(m1!.y);
    expect(m1!.y).toBeLessThan(f1!.y);
    await noHorizontalScroll(page);
    await page.getByLabel('Transferencia Bancaria').check();
    await saveScreenshot(page, 'checkout-mobile');

    await page.setViewportSize(DESKTOP);
    await waitFor(
      async () => {
        const [s2, f2] = await Promise.all([summary.boundingBox(), form.boundingBox()]);
        return s2!.x > f2!.x + f2!.width / 2;
      },
      { message: 'summary in the right column' },
    );
    await saveScreenshot(page, 'checkout-desktop');
  });
});

describe('not found', () => {
  it('answers an unknown path with the 404 page and logs the path', async () => {
    const page = await site.page(MOBILE);
    const logged = page.waitForEvent('console', (msg) => msg.text().includes('/no-existe'));
    const res = await page.goto('/no-existe');
    expect(res?.status()).toBe(404);
    await page.getByText(UI.notFoundCode, { exact: true }).waitFor();
    await page.getByRole('heading', { name: UI.notFoundText }).waitFor();
    await page.getByRole('link', { name: 'Volver al inicio' }).waitFor();
    await logged;
    await saveScreenshot(page, 'not-found-mobile');
  });
});

describe('content pages', () => {
  it('serves /sorteos, /ganadores, /contacto and /super', async () => {
    const page = await site.page(MOBILE);
    await page.goto('/sorteos');
    await page.getByRole('heading', { name: 'Sorteos', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Gran Sorteo Navideño' }).waitFor();
    await page.goto('/ganadores');
    await page.getByRole('heading', { name: 'Ganadores', level: 1 }).waitFor();
    await page.getByText(UI.noPastActivities).waitFor();
    await page.goto('/contacto');
    await page.getByText(UI.supportHours).first().waitFor();
    await page.getByText('WhatsApp:').waitFor();
    const details = page.locator('.contact-list');
    await details.getByRole('link', { name: 'soporte@voyaganar.ec' }).waitFor();
    expect(await details.getByRole('link', { name: '0991234567' }).getAttribute('href')).toBe(
      'tel:+593991234567',
    );
    expect(
      await details.getByRole('link', { name: 'Escríbenos por WhatsApp' }).getAttribute('href'),
    ).toBe('https://wa.me/593991234567');
    await details.getByRole('link', { name: 'Facebook' }).waitFor();
    await saveScreenshot(page, 'contacto-mobile');
    await page.goto('/super');
    await page.getByRole('link', { name: 'Ir al inicio de sesión' }).waitFor();
    expect(
      await page.getByRole('link', { name: 'Ir al inicio de sesión' }).getAttribute('href'),
    ).toBe('/admin/login');
  });
});
