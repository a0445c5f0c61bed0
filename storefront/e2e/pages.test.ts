// The public pages as a visitor sees them: home sections, custom quantity, the
// reseller code, the inactive raffle, checkout layout at 360 px and desktop, 404.
import { ERRORS, TOASTS, UI } from '@vag/contracts';
import type { Page } from 'playwright-core';
import { createStaff } from '../../api/src/testing/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  seedInstantPrizes,
  seedPastRaffle,
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
  await seedInstantPrizes(site, [50, 25.5]);
  await seedPastRaffle(site, `${site.url}/media/media-2.jpg`);
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
  await page.getByRole('heading', { name: 'Sorteo de Verano' }).waitFor();
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
      await page.getByRole('button', { name: /^Popular: 10 números por \$12,00/ }).waitFor();
      // Instant prizes: '$' amounts with 2 decimals and their public labels.
      const prizes = page.getByTestId('instant-prizes');
      await prizes.getByText('$50,00', { exact: true }).waitFor();
      await prizes.getByText('$25,50', { exact: true }).waitFor();
      expect(await prizes.getByText('Entregado', { exact: true }).count()).toBe(1);
      expect(await prizes.getByText('Disponible', { exact: true }).count()).toBe(1);
      // The how-to steps and the past activity with its winner.
      for (const step of ['Elige tu paquete', 'Realiza tu pago', 'Recibe tus números'])
        await page.getByRole('heading', { name: step, level: 3 }).waitFor();
      const activities = page.locator('#actividades');
      await activities.getByText('María López').waitFor();
      await activities.getByText('14/02/2026').waitFor();
      await activities.getByRole('img', { name: 'Sorteo de Verano: Moto 0 km' }).waitFor();
      const order = await page.evaluate(() =>
        ['progress', 'sectionPackages', 'lookup', 'premios', 'como-participar', 'actividades'].map(
          (id) => document.getElementById(id)!.getBoundingClientRect().top,
        ),
      );
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      // The header stays at the top while the page scrolls.
      expect((await page.locator('header.site-header').boundingBox())!.y).toBe(0);
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
    await expect.poll(() => first.getAttribute('aria-current')).toBe('true');
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
    await page.getByTestId('custom-total').getByText('$8,75').waitFor();
    await quantity.fill('');
    await quantity.blur();
    expect(await quantity.inputValue()).toBe('1');
    await page.getByTestId('custom-total').getByText('$1,25').waitFor();
    // 0, negative and decimal quantities are refused with a message, not turned into 1.
    for (const wrong of ['0', '-5', '1.5']) {
      await quantity.fill(wrong);
      await page.getByText('La cantidad debe ser un número entero mayor que 0').waitFor();
      await quantity.blur();
      expect(await quantity.inputValue()).toBe(wrong);
      // No quantity can be bought: the button says so and stays disabled.
      expect(await page.getByRole('button', { name: 'Revisa la cantidad' }).isDisabled()).toBe(
        true,
      );
    }
    await quantity.fill('100000');
    await page.getByText(/^Solo quedan \d+ números disponibles\.$/).waitFor();
    await quantity.fill('3');
    await page.getByRole('button', { name: 'Comprar 3 números' }).click();
    await page.waitForURL('**/checkout');
    await page.getByTestId('summary-total').getByText('$3,75').waitFor();
    await page.getByText('Personalizado').waitFor();
  });

  it('carries the reseller code of ?code= into checkout and the order', async () => {
    const page = await site.page();
    const code = (await createStaff(site.srv.db, { role: 'reseller' })).user.code!;
    // An unknown code is not a reseller's: checkout says the sale goes 'Directo'.
    await page.goto('/?code=REV-NOEXISTE#sectionPackages');
    await hydrated(page, 'Packages');
    await page.getByRole('button', { name: /^Básico:/ }).click();
    await page.waitForURL('**/checkout');
    await page.getByTestId('summary-reseller').getByText('Directo').waitFor();

    // A real code, then another page: the code stays with the visit.
    await page.goto(`/?code=${code}`);
    await page.goto('/contacto');
    await page.goto('/#sectionPackages');
    await hydrated(page, 'Packages');
    await page.getByText(`Código de referido: ${code}`).waitFor();
    await page.getByRole('button', { name: /^Básico:/ }).click();
    await page.waitForURL('**/checkout');
    await page.getByTestId('summary-reseller').getByText(code).waitFor();

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
    const request = page.waitForRequest('**/api/payments/create-order');
    await page.getByRole('button', { name: 'PAGAR AHORA' }).click();
    const order = (await request).postDataJSON() as {
      resellerCode: string;
      quantity: number;
      packageId: string;
    };
    expect(order).toMatchObject({ resellerCode: code, quantity: 5 });
    await page.waitForURL('**/pedido?id=*');
  });
});

describe('checkout', () => {
  it('lists only the methods that work, before the buyer fills anything: none shows as "No disponible"', async () => {
    const page = await site.page(MOBILE);
    await page.goto('/#sectionPackages');
    await hydrated(page, 'Packages');
    await page.getByRole('button', { name: /^Básico:/ }).click();
    await page.waitForURL('**/checkout');
    const methods = page.locator('fieldset.methods');
    await methods.getByLabel('Transferencia Bancaria').waitFor();
    expect(await methods.getByRole('radio').count()).toBe(1);
    for (const label of ['PayPal', 'PayPhone', 'Tarjeta'])
      expect(await methods.getByText(label).count(), label).toBe(0);
    expect(await page.getByText('No disponible').count()).toBe(0);
    expect(await page.getByLabel('Transferencia Bancaria').isDisabled()).toBe(false);
    expect(page.url()).toMatch(/\/checkout$/);
  });

  it("copies the transfer details with 'Copiado al portapapeles', shows at most 3 toasts and each goes after 4 s", async () => {
    const page = await site.page();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: site.url,
    });
    await page.goto('/#sectionPackages');
    await hydrated(page, 'Packages');
    await page.getByRole('button', { name: /^Básico:/ }).click();
    await page.waitForURL('**/checkout');
    await page.getByLabel('Transferencia Bancaria').check();
    const bank = page.getByTestId('bank-details');
    const account = await bank.locator('dt:text-is("Número de cuenta") + dd').textContent();
    expect(account).toBe('2201234567');

    await bank.getByRole('button', { name: 'Copiar número de cuenta' }).click();
    await page.getByText(TOASTS.copied, { exact: true }).waitFor();
    const firstShownAt = Date.now();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(account);

    // Three more copies: four toasts exist, only three are shown (SPEC §9).
    for (const label of ['banco', 'titular', 'tipo de cuenta'])
      await bank.getByRole('button', { name: `Copiar ${label}` }).click();
    const toasts = page.locator('[data-sonner-toast]');
    await waitFor(async () => (await toasts.count()) === 4, { message: 'four toasts' });
    await expect
      .poll(() => page.locator('[data-sonner-toast][data-visible="true"]').count())
      .toBe(3);
    // Each leaves after its 4 s: the first one not before.
    await waitFor(async () => (await toasts.count()) < 4, {
      timeoutMs: 10_000,
      message: 'the first toast leaves',
    });
    expect(Date.now() - firstShownAt).toBeGreaterThanOrEqual(3500);
    await waitFor(async () => (await toasts.count()) === 0, {
      timeoutMs: 10_000,
      message: 'every toast leaves',
    });
  });

  it("says 'No se pudo copiar al portapapeles.' when the browser refuses the clipboard", async () => {
    const page = await site.page(MOBILE);
    await page.addInitScript(() => {
      navigator.clipboard.writeText = () =>
        Promise.reject(new DOMException('Permiso denegado', 'NotAllowedError'));
    });
    await page.goto('/#sectionPackages');
    await hydrated(page, 'Packages');
    await page.getByRole('button', { name: /^Básico:/ }).click();
    await page.waitForURL('**/checkout');
    await page.getByLabel('Transferencia Bancaria').check();
    await page.getByRole('button', { name: 'Copiar número de cuenta' }).click();
    await page.getByText(ERRORS.clipboard, { exact: true }).waitFor();
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

/** Presses Tab until the focused element's text or label matches `name`. */
async function tabTo(page: Page, name: string | RegExp): Promise<void> {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return '';
      const labels = (el as HTMLInputElement).labels;
      return (
        el.getAttribute('aria-label') ??
        (labels && labels[0] ? labels[0].textContent : el.textContent) ??
        ''
      ).trim();
    });
    if (typeof name === 'string' ? focused === name : name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${String(name)}`);
}

/** Inputs without a label and images without alt text on the page. */
async function unlabelled(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const el of document.querySelectorAll<HTMLInputElement>('input, select, textarea')) {
      if (el.type === 'hidden') continue;
      const named =
        (el.labels && el.labels.length > 0) ||
        el.getAttribute('aria-label') ||
        el.getAttribute('aria-labelledby');
      if (!named) problems.push(`${el.tagName.toLowerCase()}#${el.id || el.name}`);
    }
    for (const img of document.querySelectorAll('img'))
      if (!img.getAttribute('alt')?.trim()) problems.push(`img ${img.getAttribute('src')}`);
    return problems;
  });
}

describe('accessibility', () => {
  it('labels every input and image, and a keyboard alone reaches checkout and picks a method', async () => {
    const page = await site.page(MOBILE);
    await page.goto('/');
    await page.getByRole('link', { name: UI.participate }).waitFor();
    await revealAll(page);
    await page.getByTestId('instant-prizes').waitFor();
    expect(await unlabelled(page)).toEqual([]);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('body').focus();
    await tabTo(page, UI.participate);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.hash === '#sectionPackages');
    await tabTo(page, /^Básico:/);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/checkout');

    await page.getByRole('heading', { name: 'Datos del comprador' }).waitFor();
    expect(await unlabelled(page)).toEqual([]);
    await tabTo(page, 'Transferencia Bancaria');
    await page.keyboard.press('Space');
    expect(await page.getByLabel('Transferencia Bancaria').isChecked()).toBe(true);
    await tabTo(page, 'Nombre');
    await page.keyboard.type('Ana');
    expect(await page.getByLabel('Nombre', { exact: true }).inputValue()).toBe('Ana');
    await tabTo(page, 'PAGAR AHORA');
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
    await page.locator('#anteriores').getByRole('heading', { name: 'Sorteo de Verano' }).waitFor();
    await page.goto('/ganadores');
    await page.getByRole('heading', { name: 'Ganadores', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'María López' }).waitFor();
    await page.getByText('Moto 0 km').waitFor();
    expect(await page.getByRole('link', { name: /Ver en Instagram/ }).getAttribute('href')).toBe(
      'https://instagram.com/p/voyaganar-verano',
    );
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
