// A raffle's trust page as a buyer opens it: with nothing filled it still says how the
// draw is done and shows the fairness record, without an empty heading or a placeholder;
// filled in by the operator it names the organizer, the permit with its document, the
// prize's photos and invoice and the draw's live stream. The raffle page, the home and
// the footer lead to it.
import { trustPagePath } from '@vag/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  drawJpeg,
  openMeasuringShifts,
  openSecondRaffle,
  saveScreenshot,
  seedRaffle,
  startSite,
  type SecondRaffle,
  type Site,
} from './support';

const PHONE = { width: 390, height: 844 } as const;
const WIDE = { width: 1366, height: 900 } as const;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

let site: Site;
let bare: SecondRaffle;
let filled: SecondRaffle;

beforeAll(async () => {
  site = await startSite();
  await seedRaffle(site);
  const raffle = {
    prize: 'Moto 150 cc',
    pricePerNumber: 2,
    totalNumbers: 200,
    packages: [{ name: 'Cinco', quantity: 5, price: 9, isPopular: true }],
  };
  bare = await openSecondRaffle(site, {
    ...raffle,
    name: 'Rifa Sin Datos',
    slug: 'rifa-sin-datos',
  });
  filled = await openSecondRaffle(site, {
    ...raffle,
    name: 'Rifa Express Moto',
    slug: 'rifa-express',
  });
});
afterAll(async () => {
  await site?.stop();
});

async function upload(bytes: Buffer, type: string): Promise<string> {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)], { type }), 'archivo');
  const res = await fetch(`${site.url}/api/admin/trust-files`, {
    method: 'POST',
    headers: site.admin,
    body: form,
  });
  if (!res.ok) throw new Error(`upload → ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** The page's headings in its main part (the footer's are the site's). */
const headings = (page: Page) => page.locator('main').locator('h1, h2, h3').allInnerTexts();

async function fillTrust(page: Page) {
  await site.api('PUT', '/settings/current', {
    organizer: {
      legalName: 'Voy a Ganar Sorteos S.A.S.',
      ruc: '1790011674001',
      address: 'Av. 9 de Octubre 100, Guayaquil',
    },
  });
  const photo = await drawJpeg(page, { text: 'Moto 150 cc', from: '#1e3a8a', to: '#7c3aed' });
  const current = await site.api<{ endDate: string }>('GET', `/admin/raffles/${filled.id}`);
  await site.api('PUT', `/admin/raffles/${filled.id}`, {
    name: 'Rifa Express Moto',
    slug: filled.slug,
    prize: 'Moto 150 cc',
    imageUrl: '',
    pricePerNumber: 2,
    totalNumbers: 200,
    description: '',
    endDate: current.endDate,
    trust: {
      permitReference: 'Gobernación del Guayas, oficio GG-2026-0142',
      permitDocument: await upload(PDF, 'application/pdf'),
      prizeProofImages: [await upload(photo, 'image/jpeg')],
      prizeInvoice: await upload(PDF, 'application/pdf'),
      liveStreamUrl: 'https://www.youtube.com/@voyaganar/live',
    },
  });
}

describe('/rifas/<slug>/confianza', () => {
  it('with nothing filled shows the draw rule, the fairness record and the verifier, and no empty section', async () => {
    const res = await fetch(`${site.url}${trustPagePath(bare.slug)}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>¿Quién organiza Rifa Sin Datos? | Voy a Ganar</title>');
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/rifas\/rifa-sin-datos\/confianza"/);
    expect(html).toContain('<meta name="description" content="Quién organiza «Rifa Sin Datos»');
    for (const absent of ['El organizador', 'Permiso', 'El premio', 'Transmisión', 'Razón social'])
      expect(html).not.toContain(absent);

    const page = await site.page(PHONE);
    await page.goto(trustPagePath(bare.slug));
    expect(await headings(page)).toEqual([
      '¿Quién organiza esta rifa?',
      'Cómo se sortea',
      'Registro público del sorteo',
    ]);
    await page.getByText('Regla del sorteo:').waitFor();
    await page.getByText('El número ganador sale del primer premio', { exact: false }).waitFor();
    await page.getByText('Clave de asignación', { exact: false }).waitFor();
    expect(
      await page.getByRole('link', { name: 'Verificar el sorteo' }).first().getAttribute('href'),
    ).toBe('/verificar?rifa=rifa-sin-datos');
    await saveScreenshot(page, `trust-page-empty-${PHONE.width}`);
  });

  it('with nothing filled is not offered: neither its raffle page nor the footer promises what it lacks', async () => {
    const page = await site.page(PHONE);
    await page.goto(`/rifas/${bare.slug}`);
    await page.getByText('Regla del sorteo:').first().waitFor();
    expect(await page.getByRole('link', { name: '¿Quién organiza esta rifa?' }).count()).toBe(0);
    expect(await page.getByText('Organizador, permiso').count()).toBe(0);
    expect(
      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: '¿Quién organiza la rifa?' })
        .count(),
    ).toBe(0);
  });

  it('filled in shows the organizer, the permit and its document, the prize photos and invoice, and the live stream, without moving', async () => {
    const setup = await site.page(PHONE);
    await fillTrust(setup);
    const html = await (await fetch(`${site.url}${trustPagePath(filled.slug)}`)).text();
    expect(html).toMatch(
      /<img src="\/media\/confianza-[^"]+\.jpg\?v=[^"]+" width="1280" height="720"/,
    );

    for (const viewport of [PHONE, WIDE]) {
      const page = await site.page(viewport);
      const shifts = await openMeasuringShifts(page, trustPagePath(filled.slug));
      expect(await headings(page)).toEqual([
        '¿Quién organiza esta rifa?',
        'El organizador',
        'Permiso',
        'El premio',
        'Cómo se sortea',
        'Registro público del sorteo',
      ]);
      await page.getByText('Voy a Ganar Sorteos S.A.S.').waitFor();
      await page.getByText('1790011674001').waitFor();
      await page.getByText('Av. 9 de Octubre 100, Guayaquil').waitFor();
      await page.getByText('Gobernación del Guayas, oficio GG-2026-0142').waitFor();
      const permit = page.getByRole('link', { name: 'Ver el documento del permiso (PDF)' });
      const permitRes = await fetch(`${site.url}${await permit.getAttribute('href')}`);
      expect(permitRes.headers.get('content-type')).toBe('application/pdf');
      await page.getByRole('link', { name: 'Ver la factura del premio (PDF)' }).waitFor();
      const photo = page.getByRole('img', { name: 'Foto 1 del premio: Moto 150 cc' });
      await photo.waitFor();
      expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1280);
      expect(
        await page.getByRole('link', { name: 'Ver la transmisión' }).getAttribute('href'),
      ).toBe('https://www.youtube.com/@voyaganar/live');
      expect(await shifts()).toBeLessThan(0.01);
      await saveScreenshot(page, `trust-page-${viewport.width}`);
    }
  });

  it('is linked from the raffle page, from the home (the featured raffle) and from the footer', async () => {
    const page = await site.page(PHONE);
    await page.goto(`/rifas/${filled.slug}`);
    const link = page.getByRole('link', { name: '¿Quién organiza esta rifa?' });
    await link.scrollIntoViewIfNeeded();
    expect(await page.getByTestId('trust-link').textContent()).toContain(
      'Organizador, permiso, pruebas del premio y transmisión del sorteo.',
    );
    await saveScreenshot(page, `trust-link-raffle-page-${PHONE.width}`);
    await link.click();
    await page.waitForURL(`**${trustPagePath(filled.slug)}`);

    const featured = (
      await site.api<{ slug: string; featured: boolean }[]>('GET', '/raffles')
    ).find((r) => r.featured)!;
    await page.goto('/');
    await page.getByRole('link', { name: '¿Quién organiza esta rifa?' }).click();
    await page.waitForURL(`**${trustPagePath(featured.slug)}`);
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: '¿Quién organiza la rifa?' })
      .click();
    await page.waitForURL(`**${trustPagePath(featured.slug)}`);
  });

  it('answers 404 for a raffle no buyer may open', async () => {
    expect((await fetch(`${site.url}${trustPagePath('no-existe')}`)).status).toBe(404);
  });
});
