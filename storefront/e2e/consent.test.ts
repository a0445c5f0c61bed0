// Consent at checkout on a phone (390 px): the terms and the privacy notice open in a new
// tab and the form keeps what was typed; news of the next raffles is a separate choice,
// unticked; the order records what was accepted. /privacidad shows the organizer's data
// from Ajustes and leaves out what is empty; /baja withdraws from an e-mail's link and
// from the order page that every phone message links.
import { CONSENT_MESSAGES, TERMS_VERSION, UI } from '@vag/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPurchase } from '../../core/src/db/purchases';
import {
  marketingConsentOf,
  recordMarketingConsent,
} from '../../core/src/privacy/marketing-consent';
import { unsubscribeToken } from '../../core/src/privacy/unsubscribe-token';
import {
  holdRequests,
  hydrated,
  saveScreenshot,
  seedRaffle,
  startSite,
  waitFor,
  type SeededPackage,
  type Site,
} from './support';

const PHONE = { width: 390, height: 844 } as const;
const WIDE = { width: 1366, height: 900 } as const;

let site: Site;
let packages: SeededPackage[];

beforeAll(async () => {
  site = await startSite();
  ({ packages } = await seedRaffle(site));
  await site.api('PUT', '/settings/current', {
    email: 'soporte@voyaganar.ec',
    organizer: {
      legalName: 'Rifas del Pacífico S.A.',
      ruc: '1790011674001',
      address: '',
      privacyEmail: 'datos@voyaganar.ec',
      dpoName: '',
      dpoEmail: '',
    },
    privacy: { retentionMonths: 12, winnerRetentionMonths: 60 },
  });
});
afterAll(async () => {
  await site?.stop();
});

async function openCheckout(page: Page) {
  const popular = packages.find((p) => p.isPopular)!;
  await page.goto('/');
  await page.getByRole('link', { name: UI.participate }).click();
  await hydrated(page, 'Packages');
  await page
    .getByRole('button', { name: new RegExp(`^${popular.name}: ${popular.quantity} números`) })
    .click();
  await page.waitForURL('**/checkout');
  await hydrated(page, 'CheckoutPage');
}

/** Clicks a link that opens a new tab; answers that tab once it has loaded. */
async function openedFrom(page: Page, name: string): Promise<Page> {
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name, exact: true }).click(),
  ]);
  await tab.waitForLoadState();
  return tab;
}

describe('consent at checkout, 390 px', () => {
  it('the terms and privacy links open in a new tab without losing the form; marketing starts unticked; the order records what was accepted', async () => {
    const page = await site.page(PHONE);
    await openCheckout(page);
    const email = `consiente.${Date.now()}@correo.ec`;
    await page.getByLabel('Nombre', { exact: true }).fill('Ana');
    await page.getByLabel('Apellido').fill('Pérez');
    await page.getByLabel('Email', { exact: true }).fill(email);

    const marketing = page.getByLabel(CONSENT_MESSAGES.marketingLabel);
    expect(await marketing.isChecked()).toBe(false);

    const privacy = await openedFrom(page, 'política de privacidad');
    expect(new URL(privacy.url()).pathname).toBe('/privacidad');
    await privacy.getByRole('heading', { name: 'Política de privacidad', level: 1 }).waitFor();
    await privacy.close();
    const terms = await openedFrom(page, 'términos y condiciones');
    expect(new URL(terms.url()).pathname).toBe('/terminos');
    await terms.close();

    // The checkout is still where it was, with what was typed.
    expect(new URL(page.url()).pathname).toBe('/checkout');
    expect(await page.getByLabel('Nombre', { exact: true }).inputValue()).toBe('Ana');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    await saveScreenshot(page, 'checkout-consent-390');

    await page.getByLabel('Confirmar email').fill(email);
    await page.getByLabel('Teléfono').fill('0991234567');
    await page.getByLabel('Provincia').selectOption('Pichincha');
    await page.getByLabel('Ciudad').fill('Quito');
    await page.getByLabel('Dirección').fill('Av. Amazonas N24-03');
    await page.getByLabel('Transferencia Bancaria').check();
    await page.getByLabel(/Acepto los términos/).check();
    await marketing.check();
    const held = await holdRequests(page, '**/api/payments/create-order');
    await page.getByRole('button', { name: 'PAGAR AHORA' }).click();
    held.release();
    await page.waitForURL('**/pedido?id=*');
    const { purchaseId } = held.answers[0] as { purchaseId: string };
    const purchase = await getPurchase(site.srv.db, purchaseId);
    expect(purchase?.consent).toMatchObject({
      termsVersion: TERMS_VERSION,
      channel: 'web',
      marketing: true,
    });
    expect(await marketingConsentOf(site.srv.db, email)).toMatchObject({ granted: true });

    // Every phone message links the order page: from there, news are one click away.
    await page.getByRole('link', { name: CONSENT_MESSAGES.unsubscribeLink }).click();
    await page.getByText(CONSENT_MESSAGES.unsubscribed(email)).waitFor();
    await waitFor(async () => (await marketingConsentOf(site.srv.db, email))?.granted === false, {
      message: 'the withdrawal recorded from the order page',
    });
  });

  it('checkout at 1366 px names both documents and the separate choice', async () => {
    const page = await site.page(WIDE);
    await openCheckout(page);
    await page.getByLabel(CONSENT_MESSAGES.marketingLabel).waitFor();
    await saveScreenshot(page, 'checkout-consent-1366');
  });
});

describe('/privacidad', () => {
  it("shows the organizer's data, its version and date, and no line for an empty field", async () => {
    for (const [viewport, name] of [
      [PHONE, 'privacidad-390'],
      [WIDE, 'privacidad-1366'],
    ] as const) {
      const page = await site.page(viewport);
      await page.goto('/privacidad');
      const text = (await page.locator('main, body').first().innerText()).replace(/\s+/g, ' ');
      for (const line of [
        'Responsable: Rifas del Pacífico S.A.',
        'RUC: 1790011674001',
        'Correo para temas de datos personales: datos@voyaganar.ec',
        '12 meses después del sorteo',
        '60 meses después del sorteo',
      ])
        expect(text).toContain(line);
      expect(text).not.toContain('Dirección:');
      expect(text).not.toContain('Delegado de protección de datos');
      expect(await page.getByTestId('privacy-version').innerText()).toMatch(
        /^Versión \d+, vigente desde el \d\d\/\d\d\/\d{4}$/,
      );
      await page.getByRole('link', { name: 'Ejercer mis derechos con mi e-mail' }).waitFor();
      await saveScreenshot(page, name);
    }
  });
});

describe('/baja', () => {
  it("withdraws the link's e-mail from news at once and says so; a broken link says it is not valid", async () => {
    const email = `baja.${Date.now()}@correo.ec`;
    await recordMarketingConsent(site.srv.db, { email, granted: true, source: 'checkout' });
    const page = await site.page(PHONE);
    await page.goto(`/baja?t=${await unsubscribeToken(site.srv.db, email)}`);
    await page.getByText(CONSENT_MESSAGES.unsubscribed(email)).waitFor();
    await waitFor(async () => (await marketingConsentOf(site.srv.db, email))?.granted === false, {
      message: 'the withdrawal recorded',
    });

    await page.goto('/baja?t=roto');
    await page.getByText(CONSENT_MESSAGES.unsubscribeInvalid).waitFor();
  });
});
