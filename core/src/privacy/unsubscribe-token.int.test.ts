// The "Dejar de recibir noticias" link: an opaque id that says nothing about whom it is
// for, working for a year; a link signed the old way (the e-mail readable in it) keeps
// working until the end of 2027, and a forged one never does.
import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-db';
import {
  LEGACY_LINKS_UNTIL,
  readUnsubscribeToken,
  unsubscribeToken,
  UNSUBSCRIBE_LINK_TTL_MS,
} from './unsubscribe-token';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.drop());

const DAY = 24 * 3600_000;
const issued = new Date('2026-12-07T12:00:00Z');
const later = (ms: number) => new Date(issued.getTime() + ms);

/** A link as messages carried it before the opaque ids: the e-mail in base64url and its HMAC. */
async function oldStyleToken(email: string): Promise<string> {
  const secrets = t.db.collection<{ _id: string; key: string }>('app_secrets');
  await secrets.updateOne(
    { _id: 'unsubscribe-link' },
    { $setOnInsert: { key: randomBytes(32).toString('base64url') } },
    { upsert: true },
  );
  const { key } = (await secrets.findOne({ _id: 'unsubscribe-link' }))!;
  const mac = createHmac('sha256', key).update(`vag:unsubscribe:v1\n${email}`).digest('base64url');
  return `${Buffer.from(email).toString('base64url')}.${mac}`;
}

describe('the unsubscribe link', () => {
  it('carries no trace of the e-mail, and stands for it for a year', async () => {
    const email = 'Ana.Perez@Example.com';
    const token = await unsubscribeToken(t.db, email, issued);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(token.toLowerCase()).not.toContain('ana.perez');
    expect(token).not.toContain(
      Buffer.from('ana.perez@example.com').toString('base64url').slice(0, 8),
    );

    expect(await readUnsubscribeToken(t.db, token, later(DAY))).toEqual({
      email: 'ana.perez@example.com',
    });
    expect(await readUnsubscribeToken(t.db, token, later(UNSUBSCRIBE_LINK_TTL_MS - DAY))).toEqual({
      email: 'ana.perez@example.com',
    });
    expect(await readUnsubscribeToken(t.db, token, later(UNSUBSCRIBE_LINK_TTL_MS + DAY))).toEqual({
      refused: 'expired',
    });
  });

  it("one month's messages share a link; a later message gets a new one", async () => {
    const email = 'luis@example.com';
    const first = await unsubscribeToken(t.db, email, issued);
    expect(await unsubscribeToken(t.db, email, later(20 * DAY))).toBe(first);
    const next = await unsubscribeToken(t.db, email, later(40 * DAY));
    expect(next).not.toBe(first);
    expect(await unsubscribeToken(t.db, 'otra@example.com', issued)).not.toBe(first);
  });

  it('refuses an id we never gave out', async () => {
    expect(await readUnsubscribeToken(t.db, randomBytes(24).toString('base64url'))).toEqual({
      refused: 'invalid',
    });
    expect(await readUnsubscribeToken(t.db, 'x')).toEqual({ refused: 'invalid' });
  });

  it('a link sent the old way works until the end of 2027, a forged one never', async () => {
    const old = await oldStyleToken('vieja@example.com');
    expect(await readUnsubscribeToken(t.db, old, issued)).toEqual({ email: 'vieja@example.com' });
    expect(await readUnsubscribeToken(t.db, old, LEGACY_LINKS_UNTIL)).toEqual({
      email: 'vieja@example.com',
    });
    expect(await readUnsubscribeToken(t.db, old, new Date('2028-01-01T12:00:00Z'))).toEqual({
      refused: 'expired',
    });
    const forged = `${Buffer.from('otro@example.com').toString('base64url')}.${old.split('.')[1]}`;
    expect(await readUnsubscribeToken(t.db, forged, issued)).toEqual({ refused: 'invalid' });
  });
});
