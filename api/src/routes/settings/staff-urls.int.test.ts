// Every URL staff enter reaches visitors' pages, so the api takes only http(s) addresses
// (and, for the hero image, paths on our own site): never javascript:, data: or the like.
import { VALIDATION } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerWithStaff, type ApiCaller } from '../../testing/seed';
import type { TestServer } from '../../testing/server';

let server: TestServer;
let call: ApiCaller;
let admin: string;
beforeAll(async () => {
  ({ server, call, admin } = await startServerWithStaff());
});
afterAll(async () => server?.stop());

const BAD_URLS = [
  'javascript:alert(1)',
  ' JavaScript:alert(document.cookie)',
  'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
  'vbscript:msgbox(1)',
  '//malo.example/x.jpg',
  'ftp://archivos.example/x.jpg',
  'no es una url',
];

const hero = (imageUrl: string) => ({
  name: 'Gran Sorteo',
  prize: 'Camioneta',
  pricePerNumber: 1,
  imageUrl,
  endDate: new Date(Date.now() + 86_400_000).toISOString(),
});

const pastRaffle = (fields: { image?: string; instagramPostUrl?: string }) => ({
  activityName: 'Sorteo de Verano',
  date: '2026-02-14',
  prize: 'Moto',
  winner: 'María López',
  image: 'https://cdn.example.ec/verano.jpg',
  instagramPostUrl: 'https://www.instagram.com/p/verano/',
  ...fields,
});

describe('URLs staff enter', () => {
  it.each(BAD_URLS)(
    "PUT /api/lottery refuses the hero image %j with 400 'Debe ser una URL…'",
    async (url) => {
      const res = await call('PUT', '/lottery', { token: admin, body: hero(url) });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({
        msg: VALIDATION.httpUrlInvalid,
        errors: { imageUrl: VALIDATION.httpUrlInvalid },
      });
    },
  );

  it.each([
    '',
    'https://cdn.example.ec/hero.jpg',
    'http://fotos.example.ec/a.png',
    '/media/media-1.jpg',
  ])('PUT /api/lottery takes the hero image %j', async (url) => {
    const res = await call('PUT', '/lottery', { token: admin, body: hero(url) });
    expect(res.status).toBe(200);
    expect((await call('GET', '/lottery', { token: admin })).json.imageUrl).toBe(url);
  });

  it.each(BAD_URLS)(
    "POST /api/past-raffles refuses the image and the Instagram link %j with 400 'Debe ser una URL válida'",
    async (url) => {
      for (const field of ['image', 'instagramPostUrl'] as const) {
        const res = await call('POST', '/past-raffles', {
          token: admin,
          body: pastRaffle({ [field]: url }),
        });
        expect(res.status, field).toBe(400);
        expect(res.json.errors[field], field).toBe('Debe ser una URL válida');
      }
    },
  );

  it.each(BAD_URLS)('PUT /api/settings refuses the social link %j', async (url) => {
    const current = await call('GET', '/settings', { token: admin });
    for (const network of ['facebook', 'instagram', 'tiktok'] as const) {
      const res = await call('PUT', `/settings/${current.json._id}`, {
        token: admin,
        body: { socialMedia: { [network]: url } },
      });
      expect(res.status, network).toBe(400);
      expect(res.json).toMatchObject({
        msg: VALIDATION.httpUrlInvalid,
        errors: { [`socialMedia.${network}`]: VALIDATION.httpUrlInvalid },
      });
    }
    expect((await call('GET', '/settings', { token: admin })).json.socialMedia).not.toMatchObject({
      facebook: url,
    });
  });

  it('PUT /api/settings takes http(s) social links and empty ones', async () => {
    const current = await call('GET', '/settings', { token: admin });
    const socialMedia = {
      facebook: 'https://www.facebook.com/voyaganar.ec',
      instagram: 'http://instagram.com/voyaganar',
      tiktok: '',
    };
    const res = await call('PUT', `/settings/${current.json._id}`, {
      token: admin,
      body: { socialMedia },
    });
    expect(res.status).toBe(200);
    expect((await call('GET', '/settings', { token: admin })).json.socialMedia).toEqual(
      socialMedia,
    );
  });
});
