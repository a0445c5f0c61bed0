// Auditoría records the staff actions it promises beyond the raffle's fairness: packages
// (with their prices), settings saves (which fields, never a secret's value), banner
// uploads, and 'Borrar todo'.
import { AUDIT_TEXTS, auditEntrySchema, type AuditEntry } from '@vag/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCaller, bearer, createStaff } from '../../testing/seed';
import { apiCaller } from '../../testing/seed';
import { startTestServer, TEST_BANK_ACCOUNT, type TestServer } from '../../testing/server';

let server: TestServer;
let call: ApiCaller;
let admin: string;
let adminEmail: string;
beforeAll(async () => {
  server = await startTestServer();
  call = apiCaller(server.url);
  const staff = await createStaff(server.db, { role: 'admin' });
  admin = staff.token;
  adminEmail = staff.user.email;
});
afterAll(async () => server?.stop());

/** The newest entries, newest first. */
async function latest(count: number): Promise<AuditEntry[]> {
  const res = await call('GET', `/audit?range=${encodeURIComponent(`[0,${count - 1}]`)}`, {
    token: admin,
  });
  expect(res.status).toBe(200);
  return auditEntrySchema.array().parse(res.json);
}

describe('GET /api/audit after staff actions', () => {
  it('names each package created, edited and deleted with its price', async () => {
    const created = await call('POST', '/packages', {
      token: admin,
      body: { name: 'Paquete Oro', quantity: 20, price: 15, isPopular: false },
    });
    expect(created.status).toBe(201);
    const id = created.json._id as string;
    await call('PUT', `/packages/${id}`, {
      token: admin,
      body: { name: 'Paquete Oro', quantity: 25, price: 18.5, isPopular: true },
    });
    await call('DELETE', `/packages/${id}`, { token: admin });

    const [deleted, updated, first] = await latest(3);
    expect(first).toMatchObject({
      action: 'package.created',
      actor: adminEmail,
      scope: 'office',
      description: 'Paquete creado: «Paquete Oro», 20 números por $15,00.',
    });
    expect(updated!.description).toBe(
      'Paquete editado: «Paquete Oro», 20 números por $15,00 → «Paquete Oro», 25 números por $18,50 (más popular).',
    );
    expect(deleted).toMatchObject({ action: 'package.deleted' });
    expect(deleted!.description).toContain('$18,50');
  });

  it('names the settings fields a save changed, the bank account among them, never a secret value', async () => {
    const { json: shown } = await call('GET', '/settings', { token: admin });
    const secret = 'sk_test_nunca_en_el_registro_123';
    const res = await call('PUT', '/settings/current', {
      token: admin,
      body: {
        ...shown,
        contactNumber: '0998887766',
        payment: { ...shown.payment, stripeSecretKey: secret },
        bankAccounts: [{ ...TEST_BANK_ACCOUNT, number: '2200334455' }],
      },
    });
    expect(res.status).toBe(200);
    const [entry] = await latest(1);
    expect(entry).toMatchObject({ action: 'settings.updated', actor: adminEmail, scope: 'office' });
    expect(entry!.description).toMatch(/^Ajustes guardados; cambió: /);
    expect(entry!.description).toContain('número de contacto');
    expect(entry!.description).toContain('clave secreta de Stripe');
    expect(entry!.description).toContain('cuenta bancaria 1');
    expect(entry!.description).not.toContain(secret);
    expect(entry!.description).not.toContain('2200334455');
  });

  it('records a banner upload', async () => {
    const form = new FormData();
    form.append('filename', 'media-1.jpg');
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(40, 2)]);
    form.append('file', new Blob([new Uint8Array(jpeg)]), 'foto.jpg');
    const res = await fetch(`${server.url}/upload-media.php`, {
      method: 'POST',
      body: form,
      headers: bearer(admin),
    });
    expect(res.status).toBe(200);
    const [entry] = await latest(1);
    expect(entry).toMatchObject({
      action: 'media.uploaded',
      description: AUDIT_TEXTS.mediaUploaded('media-1.jpg'),
    });
  });

  it("records clearing a draft's test orders with how many it deleted", async () => {
    expect((await call('DELETE', '/admin/delete-all-purchases', { token: admin })).status).toBe(
      200,
    );
    const [entry] = await latest(1);
    expect(entry).toMatchObject({
      action: 'test_orders.cleared',
      actor: adminEmail,
      scope: 'raffle',
      description: AUDIT_TEXTS.testOrdersCleared(0),
    });
  });
});
