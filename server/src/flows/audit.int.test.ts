// The audit trail (DESIGN, "The next layer"): staff actions on a raffle append who, what and when; admins
// list them (resellers may not); the public list has the raffle-level ones without
// personal data.
import {
  AUDIT_TEXTS,
  auditEntrySchema,
  DEFAULT_DRAW_RULE,
  ecuadorDay,
  publicAuditEntrySchema,
  type AuditEntry,
} from '@vag/contracts';
import { bearer, createStaff } from '@vag/api/testing/seed';
import { auditDoc, relayPendingAudit } from '@vag/core/db/audit-log';
import { getRaffleFairness, saveClosing, stopSales } from '@vag/core/db/raffle-fairness';
import { closeSaleIfDue } from '@vag/core/raffle/fairness';
import {
  insertPurchase,
  purchasePaidMessage,
  watchNumbersAssigned,
} from '@vag/core/testing/raffle-fixtures';
import { waitFor } from '@vag/core/testing/wait';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/server';
import { CURRENT_RAFFLE_ID } from '@vag/core/db/raffle';

let srv: TestServer;
let admin: { authorization: string };
let adminEmail: string;
let reseller: { authorization: string };

beforeEach(async () => {
  srv = await startTestServer();
  const staff = await createStaff(srv.db, {
    role: 'admin',
    fullname: 'Carla Auditora',
    deps: srv.deps,
  });
  admin = bearer(staff.token);
  adminEmail = staff.user.email;
  reseller = bearer((await createStaff(srv.db, { role: 'reseller', deps: srv.deps })).token);
});
afterEach(async () => {
  await srv.stop();
});

async function call(method: string, path: string, headers: object = admin, body?: unknown) {
  const res = await fetch(`${srv.url}/api${path}`, {
    method,
    headers: {
      ...(headers as Record<string, string>),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

async function auditList(query = ''): Promise<AuditEntry[]> {
  const res = await call('GET', `/audit${query}`);
  expect(res.status).toBe(200);
  return auditEntrySchema.array().parse(res.body);
}

describe('the audit trail', () => {
  it('appends each raffle action with who and when, newest first, and the closing as sistema', async () => {
    const started = Date.now();
    const endDate = new Date(Date.now() + 30 * 86_400_000).toISOString();
    await call('PUT', '/lottery', admin, {
      name: 'Gran Sorteo',
      prize: 'Moto',
      pricePerNumber: 1,
      imageUrl: '',
      endDate,
      totalNumbers: 10,
    });
    expect((await call('PATCH', '/lottery/is-active', admin, { isActive: true })).status).toBe(200);
    expect((await call('POST', '/raffle/generate-raffle-numbers')).status).toBe(200);
    expect(
      (await call('POST', '/raffle/assign-random-prizes', admin, { prizes: [{ amount: 5 }] }))
        .status,
    ).toBe(200);
    const rule = {
      ...DEFAULT_DRAW_RULE,
      draw: { kind: 'fixed', date: ecuadorDay(new Date())!, drawNumber: 7 },
    };
    expect((await call('PUT', '/raffle/draw-rule', admin, rule)).status).toBe(200);
    const watcher = await watchNumbersAssigned(srv.deps.bus);
    const sold = await insertPurchase(srv.db, { quantity: 10 });
    await srv.deps.bus.publish([purchasePaidMessage(sold, 10)]);
    await watcher.settled(sold);
    await watcher.stop();
    // The server's own closing job may close it first (it runs when the numbers sell out):
    // either way the closing is saved once.
    await waitFor(
      async () =>
        (await closeSaleIfDue(srv.db, undefined, CURRENT_RAFFLE_ID)) ??
        (await getRaffleFairness(srv.db, CURRENT_RAFFLE_ID)).closing,
      { message: 'the sale to close' },
    );
    expect(
      (
        await call('POST', '/raffle/draw', admin, {
          firstPrize: '3',
          drawNumber: 7,
          drawDate: ecuadorDay(new Date())!,
        })
      ).status,
    ).toBe(200);

    const entries = await auditList();
    expect(entries.map((e) => e.action)).toEqual([
      'draw.recorded',
      'sale.closed',
      'draw_rule.changed',
      'prizes.assigned',
      'numbers.generated',
      'sale.opened',
      'end_date.changed',
    ]);
    for (const entry of entries) {
      expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(started - 1000);
      expect(entry.scope).toBe('raffle');
      expect(entry.actor).toBe(entry.action === 'sale.closed' ? 'sistema' : adminEmail);
    }
    expect(entries[0]!.description).toMatch(
      /^Resultado registrado: primer premio 3 del sorteo N\.º 7/,
    );
    expect(entries[1]!.description).toContain('con 10 números vendidos');
    expect(entries[3]!.description).toBe('Se asignó 1 premio instantáneo.');

    // Paged with react-admin's range.
    const page = await call('GET', '/audit?range=%5B1%2C2%5D');
    expect(page.body.map((e: AuditEntry) => e.action)).toEqual([
      'sale.closed',
      'draw_rule.changed',
    ]);
    expect(page.headers.get('content-range')).toBe('audit 1-2/7');

    // The public list: raffle-level entries of the current raffle, no one named.
    const pub = await call('GET', '/raffle/audit', {});
    expect(pub.status).toBe(200);
    const publicEntries = publicAuditEntrySchema.array().parse(pub.body);
    expect(publicEntries.map((e) => e.action)).toEqual(entries.slice(0, 5).map((e) => e.action));
    expect(publicEntries.map((e) => e.actor)).toEqual([
      'equipo',
      'sistema',
      'equipo',
      'equipo',
      'equipo',
    ]);
    const text = JSON.stringify(pub.body);
    expect(text).not.toContain('@');
    expect(text).not.toContain('Carla');
  });

  it('keeps a confirmed and a rejected transfer as staff-only entries, out of the public list', async () => {
    await call('PATCH', '/lottery/is-active', admin, { isActive: true });
    await call('POST', '/raffle/generate-raffle-numbers');
    const confirmed = await insertPurchase(srv.db, {
      quantity: 1,
      status: 'PENDING',
      paymentMethod: 'bank_transfer',
    });
    const rejected = await insertPurchase(srv.db, {
      quantity: 1,
      status: 'PENDING',
      paymentMethod: 'bank_transfer',
    });
    expect(
      (
        await call('POST', `/purchases/${rejected}/reject-transfer`, admin, {
          reason: 'El comprobante no se lee',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call('PATCH', `/purchases/${confirmed}/confirm-transfer`, admin, {
          referenceCode: 'REF-123',
          bankName: 'Banco Pichincha',
        })
      ).status,
    ).toBe(200);

    const [confirmEntry, rejectEntry] = await auditList('?range=%5B0%2C1%5D');
    expect(confirmEntry).toMatchObject({
      action: 'payment.confirmed',
      scope: 'purchase',
      actor: adminEmail,
      purchaseId: confirmed,
    });
    expect(rejectEntry).toMatchObject({
      action: 'payment.rejected',
      scope: 'purchase',
      purchaseId: rejected,
      description: expect.stringContaining('El comprobante no se lee'),
    });
    const pub = await call('GET', '/raffle/audit', {});
    expect(pub.body.map((e: { action: string }) => e.action)).toEqual(['numbers.generated']);
  });

  it('the closing saves its entry in its own write: after a crash before the copy, the log gets it once', async () => {
    // A raffle on sale is published: a draft's record is nobody's to read but an admin's.
    await srv.db
      .collection<{ _id: string }>('raffles')
      .updateOne({ _id: CURRENT_RAFFLE_ID }, { $set: { publishedAt: new Date() } });
    expect((await call('POST', '/raffle/generate-raffle-numbers')).status).toBe(200);
    const { commitment } = await getRaffleFairness(srv.db, CURRENT_RAFFLE_ID);
    const at = new Date();
    const entry = auditDoc(
      {
        actor: 'sistema',
        action: 'sale.closed',
        description: AUDIT_TEXTS.saleClosed('end-date', 0, at),
        raffleRef: commitment!.raffleRef,
      },
      at,
    );
    // The closing's writes, as closeSaleIfDue makes them; the process dies right after.
    await stopSales(srv.db, CURRENT_RAFFLE_ID);
    const closing = { closedAt: at, reason: 'end-date' as const, soldCount: 0, soldListHash: 'h' };
    expect(await saveClosing(srv.db, closing, entry, CURRENT_RAFFLE_ID)).toBe(true);

    // The next passes of the closing job copy it, once however often they run.
    await closeSaleIfDue(srv.db, undefined, CURRENT_RAFFLE_ID);
    await closeSaleIfDue(srv.db, undefined, CURRENT_RAFFLE_ID);
    await relayPendingAudit(srv.db, [entry]);
    const entries = await auditList();
    expect(entries.map((e) => e.action)).toEqual(['sale.closed', 'numbers.generated']);
    expect(entries[0]).toMatchObject({
      id: entry._id,
      actor: 'sistema',
      at: at.toISOString(),
      description: entry.description,
    });
    expect((await getRaffleFairness(srv.db, CURRENT_RAFFLE_ID)).pendingAudit).toEqual([]);
    const pub = await call('GET', '/raffle/audit', {});
    expect(pub.body.map((e: { action: string }) => e.action)).toEqual([
      'sale.closed',
      'numbers.generated',
    ]);
  });

  it('GET /api/audit answers 403 to a reseller and 401 without a token; nothing changes an entry', async () => {
    await call('POST', '/raffle/generate-raffle-numbers');
    expect((await call('GET', '/audit', reseller)).status).toBe(403);
    expect((await call('GET', '/audit', {})).status).toBe(401);
    const [entry] = await auditList();
    for (const method of ['PUT', 'PATCH', 'DELETE'])
      expect([404, 405]).toContain((await call(method, `/audit/${entry!.id}`, admin, {})).status);
    expect(await auditList()).toEqual([entry]);
  });
});
