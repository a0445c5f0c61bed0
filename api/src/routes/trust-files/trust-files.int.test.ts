// A raffle's trust page fields as the back office saves them: files uploaded on their own,
// then named by the raffle's edit, refused in Spanish on their field when a link is not a
// web address or a file is not in the store, and kept when a later edit leaves them out.
import { MEDIA_MAX_BYTES, RAFFLE_TRUST_TEXTS, type StaffRaffle } from '@vag/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type ApiCaller, startServerWithStaff } from '../../testing/seed';
import type { TestServer } from '../../testing/server';

let server: TestServer;
let call: ApiCaller;
let admin: string;
let reseller: string;
let raffle: StaffRaffle;

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();
const fields = {
  name: 'Rifa Confianza',
  prize: 'Moto 150 cc',
  imageUrl: '',
  pricePerNumber: 2,
  endDate: inAWeek(),
  totalNumbers: 100,
  description: '',
};
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

beforeAll(async () => {
  ({ server, call, admin, reseller } = await startServerWithStaff());
  const created = await call('POST', '/admin/raffles', { token: admin, body: fields });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  raffle = created.json as StaffRaffle;
});
afterAll(async () => server?.stop());

async function upload(data: Buffer, token = admin) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), 'archivo.bin');
  const res = await fetch(`${server.url}/api/admin/trust-files`, {
    method: 'POST',
    body: form,
    headers: bearer(token),
  });
  return {
    status: res.status,
    json: (await res.json()) as { msg: string; id: string; url: string },
  };
}

const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer();

const saveTrust = (trust: Record<string, unknown>) =>
  call('PUT', `/admin/raffles/${raffle._id}`, {
    token: admin,
    body: { ...fields, endDate: raffle.endDate, trust },
  });

const storedTrust = async () =>
  (await server.db.collection('raffles').findOne({ _id: raffle._id as never }))?.trust as unknown;

describe('POST /api/admin/trust-files', () => {
  it('stores a photo and a PDF under ids of their own, served at /media/{id} with their type', async () => {
    const image = await upload(await photo());
    expect(image.status).toBe(201);
    expect(image.json.msg).toBe(RAFFLE_TRUST_TEXTS.uploaded);
    expect(image.json.id).toMatch(/^confianza-[0-9a-f-]{36}\.jpg$/);
    const served = await fetch(`${server.url}${image.json.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');

    const doc = await upload(PDF);
    expect(doc.json.id).toMatch(/\.pdf$/);
    const pdf = await fetch(`${server.url}${doc.json.url}`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('takes a 1 MB document (the screen says up to 5 MB) and refuses one over 5 MB in Spanish', async () => {
    const padding = (bytes: number) => Buffer.alloc(bytes, '%');
    const big = Buffer.concat([PDF, padding(1024 * 1024)]);
    const taken = await upload(big);
    expect(taken.status, JSON.stringify(taken.json)).toBe(201);
    const served = await fetch(`${server.url}${taken.json.url}`);
    expect(Buffer.from(await served.arrayBuffer()).length).toBe(big.length);

    const tooBig = await upload(Buffer.concat([PDF, padding(MEDIA_MAX_BYTES)]));
    expect(tooBig).toMatchObject({ status: 413, json: { msg: RAFFLE_TRUST_TEXTS.fileTooLarge } });
  });

  it("answers 400 with 'El archivo debe ser una imagen JPG, PNG o WebP, o un documento PDF.' for anything else", async () => {
    const res = await upload(Buffer.from('<html>no</html>'));
    expect(res.status).toBe(400);
    expect(res.json.msg).toBe(RAFFLE_TRUST_TEXTS.fileType);
  });

  it('is refused to a reseller', async () => {
    expect((await upload(PDF, reseller)).status).toBe(403);
  });
});

describe('PUT /api/admin/raffles/{id} with trust', () => {
  it('refuses a live-stream link that is not an http(s) address, on its field, and saves nothing', async () => {
    const res = await saveTrust({ liveStreamUrl: 'javascript:alert(1)' });
    expect(res.status).toBe(400);
    expect(res.json.errors['trust.liveStreamUrl']).toBe(RAFFLE_TRUST_TEXTS.liveStreamUrlInvalid);
    expect(await storedTrust()).toBeUndefined();
  });

  it('refuses a file id the store does not hold, on its field', async () => {
    const res = await saveTrust({
      permitDocument: 'confianza-00000000-0000-4000-8000-000000000000.pdf',
    });
    expect(res.status).toBe(400);
    expect(res.json.msg).toBe(RAFFLE_TRUST_TEXTS.fileUnknown);
    expect(res.json.errors['trust.permitDocument']).toBe(RAFFLE_TRUST_TEXTS.fileUnknown);
    const typed = await saveTrust({ prizeInvoice: '../../etc/passwd' });
    expect(typed.status).toBe(400);
    expect(typed.json.errors['trust.prizeInvoice']).toBe(RAFFLE_TRUST_TEXTS.fileIdInvalid);
    const pdfAsPhoto = await upload(PDF);
    const notImage = await saveTrust({ prizeProofImages: [pdfAsPhoto.json.id] });
    expect(notImage.status).toBe(400);
    expect(notImage.json.errors['trust.prizeProofImages.0']).toBe(RAFFLE_TRUST_TEXTS.proofNotImage);
    expect(await storedTrust()).toBeUndefined();
  });

  it('saves every field, shows them to staff, audits the edit and keeps them when a later edit leaves them out', async () => {
    const permit = await upload(PDF);
    const picture = await upload(await photo());
    const invoice = await upload(PDF);
    const trust = {
      permitReference: 'Gobernación del Guayas, oficio GG-2026-0142',
      permitDocument: permit.json.id,
      prizeProofImages: [picture.json.id],
      prizeInvoice: invoice.json.id,
      liveStreamUrl: 'https://www.youtube.com/@voyaganar/live',
    };
    const res = await saveTrust(trust);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.trust).toEqual(trust);
    const read = await call('GET', `/admin/raffles/${raffle._id}`, { token: admin });
    expect(read.json.trust).toEqual(trust);

    const audit = await server.db
      .collection('audit_log')
      .find({ raffleId: raffle._id, action: 'raffle.updated' })
      .toArray();
    expect(audit.map((a) => a.description)).toContain(
      `Rifa editada: «Rifa Confianza». ${RAFFLE_TRUST_TEXTS.auditChanged}`,
    );

    const later = await call('PUT', `/admin/raffles/${raffle._id}`, {
      token: admin,
      body: { ...fields, endDate: raffle.endDate, prize: 'Moto 200 cc' },
    });
    expect(later.status).toBe(200);
    expect(later.json.trust).toEqual(trust);
  });
});
