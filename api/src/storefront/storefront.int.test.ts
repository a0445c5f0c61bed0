// The server-rendered storefront as a browser without JavaScript, a link preview or a
// cache sees it: the raffle's data in the HTML, staff changes on the next request (in
// every process), compression and cache headers per kind of response.
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ERRORS, UI } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gradientPng } from '@vag/core/testing/gradient-png';
import { bearer, createStaff } from '../testing/seed';
import { startTestServer, type TestServer } from '../testing/server';
import { waitFor } from '@vag/core/testing/wait';
import { storefrontDirs } from './site';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await createStaff(server.db, { role: 'admin' })).token;
  await seedRaffle(server, token, 'Gran Rifa del Ecuador');
});
afterAll(async () => server?.stop());

async function staff(srv: TestServer, method: string, apiPath: string, body?: unknown) {
  const res = await fetch(`${srv.url}/api${apiPath}`, {
    method,
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${apiPath} → ${res.status}: ${await res.text()}`);
  return res.json() as Promise<{ _id: string }>;
}

async function seedRaffle(srv: TestServer, adminToken: string, name: string) {
  token = adminToken;
  await staff(srv, 'PUT', '/lottery', {
    name,
    prize: 'Camioneta 4x4 0 km',
    pricePerNumber: 2.5,
    imageUrl: '',
    endDate: new Date(Date.now() + 10 * 24 * 3600 * 1000).toISOString(),
    totalNumbers: 2000,
  });
  await staff(srv, 'POST', '/raffle/generate-raffle-numbers');
  await staff(srv, 'PATCH', '/lottery/is-active', { isActive: true });
  await staff(srv, 'POST', '/packages', {
    name: 'Paquete Familiar',
    quantity: 20,
    price: 45,
    isPopular: true,
  });
}

async function uploadImage(srv: TestServer, slot: string, bytes: Buffer, type: string) {
  const form = new FormData();
  form.set('filename', slot);
  form.set('file', new Blob([new Uint8Array(bytes)], { type }), slot);
  const res = await fetch(`${srv.url}/upload-media.php`, {
    method: 'POST',
    headers: bearer(token),
    body: form,
  });
  expect(res.status).toBe(200);
}

const html = async (srv: TestServer, pagePath = '/') =>
  (await fetch(`${srv.url}${pagePath}`)).text();

describe('GET / without JavaScript', () => {
  it('has the raffle name, prize, price, packages and progress in the HTML', async () => {
    const page = await html(server);
    expect(page).toContain('<h1 class="hero-title">Gran Rifa del Ecuador</h1>');
    expect(page).toContain('Camioneta 4x4 0 km');
    expect(page).toContain('$2,50');
    expect(page).toContain('Paquete Familiar');
    expect(page).toContain('$45,00');
    expect(page).toContain('0 de 2.000 números vendidos');
    expect(page).toContain(UI.participate);
    expect(page).not.toContain('Cargando');
  });

  it('shows a staff change on the very next request', async () => {
    await html(server);
    await staff(server, 'PUT', '/lottery', {
      name: 'Rifa de Año Nuevo',
      prize: 'Moto eléctrica',
      pricePerNumber: 3,
      imageUrl: '',
      endDate: new Date(Date.now() + 5 * 24 * 3600 * 1000).toISOString(),
    });
    const page = await html(server);
    expect(page).toContain('Rifa de Año Nuevo');
    expect(page).toContain('Moto eléctrica');
    const pkg = await staff(server, 'POST', '/packages', {
      name: 'Paquete Relámpago',
      quantity: 3,
      price: 8,
      isPopular: false,
    });
    expect(await html(server)).toContain('Paquete Relámpago');
    await staff(server, 'DELETE', `/packages/${pkg._id}`);
    expect(await html(server)).not.toContain('Paquete Relámpago');
  });
});

describe('the hero picture', () => {
  it('is uploaded once and served as WebP copies with its size, preloaded and never moving', async () => {
    await uploadImage(
      server,
      'media-1.jpg',
      gradientPng(1600, 900, [10, 60, 150], [250, 190, 30]),
      'image/png',
    );
    const page = await html(server);
    const img = /<img src="\/media\/media-1\.jpg\?v=[^"]+"[^>]*>/.exec(page)?.[0] ?? '';
    expect(img).toContain('width="1600"');
    expect(img).toContain('height="900"');
    expect(img).toContain('fetchpriority="high"');
    expect(img).toMatch(
      /srcset="\/media\/media-1-480\.webp\?v=\w+ 480w, \/media\/media-1-960\.webp\?v=\w+ 960w, \/media\/media-1-1440\.webp\?v=\w+ 1440w"/,
    );
    expect(page).toMatch(/<link rel="preload" as="image" href="\/media\/media-1\.jpg/);

    const webp = await fetch(`${server.url}/media/media-1-960.webp`);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await webp.arrayBuffer());
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });
});

describe('compression and caching', () => {
  it('sends rendered pages as brotli or gzip with an ETag that answers 304', async () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await fetch(`${server.url}/`, { headers: { 'accept-encoding': encoding } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toContain('Accept-Encoding');
      expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      expect(await res.text()).toContain('hero-title');
    }
    const plain = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const etag = plain.headers.get('etag')!;
    const again = await fetch(`${server.url}/`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('serves fingerprinted assets precompressed and immutable', async () => {
    const { client } = storefrontDirs(server.deps);
    const script = readdirSync(path.join(client, '_astro')).find(
      (f) => f.endsWith('.js') && f.startsWith('client.'),
    )!;
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await fetch(`${server.url}/_astro/${script}`, {
        headers: { 'accept-encoding': encoding },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    const svg = await fetch(`${server.url}/favicon.svg`);
    expect(svg.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });

  it('compresses api answers on the fly', async () => {
    const res = await fetch(`${server.url}/api/openapi.json`, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect((await res.json()) as object).toHaveProperty('paths');
    const gz = await fetch(`${server.url}/api/openapi.json`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
  });

  it('revalidates media by ETag and keeps versioned media for a year', async () => {
    const res = await fetch(`${server.url}/media/media-1.jpg`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60, must-revalidate');
    const etag = res.headers.get('etag')!;
    expect(
      (await fetch(`${server.url}/media/media-1.jpg`, { headers: { 'if-none-match': etag } }))
        .status,
    ).toBe(304);
    const version = etag.replaceAll('"', '');
    const versioned = await fetch(`${server.url}/media/media-1.jpg?v=${version}`);
    expect(versioned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});

describe('link previews and search engines', () => {
  it('gives every public page Open Graph and Twitter tags with the prize photo and canonical URL', async () => {
    for (const pagePath of ['/', '/sorteos', '/ganadores', '/contacto', '/terminos']) {
      const page = await html(server, pagePath);
      const canonical = new URL(pagePath, server.url).href;
      expect(page).toContain(`<link rel="canonical" href="${canonical}">`);
      expect(page).toContain(`<meta property="og:url" content="${canonical}">`);
      expect(page).toMatch(/<meta property="og:title" content="[^"]+">/);
      expect(page).toMatch(/<meta property="og:description" content="[^"]+">/);
      expect(page).toMatch(
        new RegExp(
          `<meta property="og:image" content="${server.url}/media/media-1\\.jpg\\?v=\\w+">`,
        ),
      );
      expect(page).toContain('<meta name="twitter:card" content="summary_large_image">');
    }
    const home = await html(server);
    expect(home).toContain('Moto eléctrica. $3,00 por número.');
    const data = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(home)![1]!);
    expect(data).toMatchObject({
      '@type': 'Event',
      offers: { price: '3.00', priceCurrency: 'USD' },
    });
  });

  it('serves robots.txt, the sitemap and the web manifest', async () => {
    expect(await html(server, '/robots.txt')).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    const sitemap = await html(server, '/sitemap.xml');
    for (const pagePath of ['/', '/sorteos', '/ganadores', '/contacto', '/terminos'])
      expect(sitemap).toContain(`<loc>${new URL(pagePath, server.url).href}</loc>`);
    const manifest = (await (await fetch(`${server.url}/manifest.webmanifest`)).json()) as {
      name: string;
    };
    expect(manifest.name).toBe('Voy a Ganar');
  });

  it("quotes this raffle's figures in /terminos", async () => {
    const page = await html(server, '/terminos');
    expect(page).toContain('<strong>2.000</strong> números');
    expect(page).toContain('<strong>0000</strong>');
    expect(page).toContain('<strong>1999</strong>');
    expect(page).toContain('Ley Orgánica de Protección de Datos Personales');
  });

  it('quotes the declared draw rule on /sorteos and /terminos, and a new rule on the next request', async () => {
    for (const path of ['/sorteos', '/terminos']) {
      const page = await html(server, path);
      expect(page, path).toContain('gana el siguiente número vendido hacia arriba');
      expect(page, path).toContain('href="/verificar"');
    }
    const res = await fetch(`${server.url}/api/raffle/draw-rule`, {
      method: 'PUT',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({
        lottery: 'loteria-nacional',
        draw: { kind: 'fixed', date: '2099-01-10', drawNumber: 7012 },
        method: 'last-digits-mod-n-next-sold-v1',
      }),
    });
    expect(res.status).toBe(200);
    expect(await html(server, '/terminos')).toContain('sorteo N.º 7012');
  });
});

// Last on this server: closing is final once the closing job publishes the sold list
// (DESIGN, fairness), which it may do within seconds of the staff's click.
describe('when staff close the sale', () => {
  it('tells the next visitor they can no longer take part', async () => {
    await staff(server, 'PATCH', '/lottery/is-active', { isActive: false });
    expect(await html(server)).toContain(UI.cannotParticipate);
  });
});

describe('when the data cannot be read', () => {
  it("renders each section's SPEC error text and the rest of the page", async () => {
    const broken = await startTestServer();
    try {
      const brokenToken = (await createStaff(broken.db, { role: 'admin' })).token;
      await seedRaffle(broken, brokenToken, 'Rifa Rota');
      await broken.db
        .collection('packages')
        .insertOne({ _id: 'roto' as never, name: 'Roto', quantity: 'muchos', price: 'gratis' });
      await broken.db
        .collection('instant_prizes')
        .insertOne({ _id: 'roto' as never, raffleId: 'current', number: 7 });
      await broken.db.collection('raffles').updateMany({}, { $set: { name: 42 } });
      await fetch(`${broken.url}/api/settings`);
      await broken.db.collection('settings').updateMany({}, { $set: { email: 42 } });
      const page = await waitFor(
        async () => {
          const text = await html(broken);
          return text.includes(ERRORS.packages) ? text : null;
        },
        { message: 'the packages error in the HTML' },
      );
      expect(page).toContain(ERRORS.hero);
      expect(page).toContain(ERRORS.raffleInfo);
      expect(page).toContain(ERRORS.footer);
      expect(page).toContain('¿Cómo participar?');
    } finally {
      await broken.stop();
    }
  });
});

describe('two api processes on Kafka', () => {
  it("drops the other process's cache as soon as staff change the raffle", async () => {
    const brokers = process.env.VAG_TEST_KAFKA_BROKERS;
    if (!brokers) throw new Error('VAG_TEST_KAFKA_BROKERS is not set: run through `npm test`');
    // A cache that would outlive the test: only the bus can explain the change.
    const env = {
      KAFKA_BROKERS: brokers,
      KAFKA_NAMESPACE: `sf${randomUUID().slice(0, 8)}.`,
      WORKERS: 'none',
      STOREFRONT_CACHE_SECONDS: '600',
    };
    const a = await startTestServer({ env });
    const b = await startTestServer({ env: { ...env, MONGODB_URL: a.deps.env.MONGODB_URL } });
    try {
      await seedRaffle(a, (await createStaff(a.db, { role: 'admin' })).token, 'Rifa de Quito');
      expect(await html(b)).toContain('Rifa de Quito');
      await staff(a, 'PUT', '/lottery', {
        name: 'Rifa de Guayaquil',
        prize: 'Casa en la playa',
        pricePerNumber: 5,
        imageUrl: '',
        endDate: new Date(Date.now() + 5 * 24 * 3600 * 1000).toISOString(),
      });
      await waitFor(async () => (await html(b)).includes('Rifa de Guayaquil'), {
        message: 'the change on the other process',
      });
    } finally {
      await b.stop();
      await a.stop();
    }
  });
});
