import { mediaVariantName } from '@vag/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../testing/seed';
import { startTestServer, type TestServer } from '../testing/server';
import { DEMO_ACCOUNTS, DEMO_INSTANT_PRIZES, loadDemoData } from '@vag/core/demo/demo-data';

let server: TestServer;
let call: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  server = await startTestServer();
  call = apiCaller(server.url);
});
afterAll(async () => server?.stop());

describe('loadDemoData', () => {
  it('loads an active Ecuadorian raffle with packages, instant prizes, winners, staff and settings — twice without change', async () => {
    await loadDemoData(server.db);
    const snapshot = async () => ({
      lottery: (await call('GET', '/lottery')).json,
      packages: (await call('GET', '/packages')).json,
      pastRaffles: (await call('GET', '/past-raffles')).json,
      prizes: (await call('GET', '/raffle/instant-prizes')).json,
      settings: (await call('GET', '/settings')).json,
      users: await server.db.collection('users').countDocuments(),
    });
    const first = await snapshot();
    await loadDemoData(server.db);
    expect(await snapshot()).toEqual(first);

    expect(first.lottery).toMatchObject({
      name: 'Gran Rifa Navideña 2026',
      prize: 'Toyota Hilux 0 km',
      pricePerNumber: 1,
      isActive: true,
      totalNumbers: 10000,
      numbersGenerated: true,
    });
    expect(first.packages).toHaveLength(4);
    expect(first.packages.filter((p: { isPopular: boolean }) => p.isPopular)).toHaveLength(1);
    expect(first.prizes).toHaveLength(DEMO_INSTANT_PRIZES.length);
    for (const city of ['Guayaquil', 'Quito', 'Cuenca'])
      expect(JSON.stringify(first.pastRaffles)).toContain(city);
    expect(first.settings).toMatchObject({
      email: 'contacto@voyaganar.ec',
      socialMedia: { instagram: expect.stringContaining('instagram.com') },
    });
    expect(first.users).toBe(2);
    // The prize picture fills the hero's 1280×720 frame, with its WebP copies for phones.
    const picture = await fetch(`${server.url}/media/media-1.jpg`);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    const { width, height } = await sharp(Buffer.from(await picture.arrayBuffer())).metadata();
    expect({ width, height }).toEqual({ width: 1280, height: 720 });
    const phoneCopy = await fetch(`${server.url}/media/${mediaVariantName('media-1.jpg', 480)}`);
    expect(phoneCopy.headers.get('content-type')).toBe('image/webp');
  });

  it("shows the express raffle's phone with its own picture, not the featured raffle's pickup", async () => {
    await loadDemoData(server.db);
    const raffles = (await call('GET', '/raffles')).json as { slug: string; imageUrl: string }[];
    const express = raffles.find((r) => r.slug === 'rifa-express-iphone-16');
    const featured = raffles.find((r) => r.slug === 'gran-rifa-navidena-2026');
    expect(express?.imageUrl).toBeTruthy();
    expect(express?.imageUrl).not.toBe(featured?.imageUrl);
    const picture = await fetch(`${server.url}${express!.imageUrl}`);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await picture.arrayBuffer());
    const { width, height } = await sharp(bytes).metadata();
    expect({ width, height }).toEqual({ width: 1280, height: 720 });
    const pickup = Buffer.from(
      await (await fetch(`${server.url}/media/media-1.jpg`)).arrayBuffer(),
    );
    expect(bytes.equals(pickup)).toBe(false);
  });

  it("names its organizer and shows each raffle's prize photo on the trust page", async () => {
    await loadDemoData(server.db);
    const settings = (await call('GET', '/settings')).json as { organizer: { legalName: string } };
    expect(settings.organizer.legalName).toBe('Voy a Ganar S.A.');
    const page = await fetch(`${server.url}/rifas/rifa-express-iphone-16/confianza`);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const shown of ['El organizador', 'Voy a Ganar S.A.', '1790011674001', 'El premio'])
      expect(html).toContain(shown);
    expect(html).toMatch(
      /<img src="\/media\/confianza-[^"]+\.jpg\?v=[^"]+" width="1280" height="720"/,
    );
  });

  it('creates demo accounts that can sign in, the reseller with a referral code', async () => {
    await loadDemoData(server.db);
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const res = await call('POST', '/admin/login', {
        body: { email: account.email, password: account.password },
      });
      expect(res.json.user.role).toBe(account.role);
      const me = await call('GET', '/admin/me', { token: res.json.token });
      if (account.role === 'reseller') expect(me.json.code).toMatch(/^REV-/);
    }
  });
});
