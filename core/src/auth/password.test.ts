import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('staff passwords', () => {
  it('hashes with a fresh salt each time and verifies only the right password', async () => {
    const a = await hashPassword('Clave123!');
    const b = await hashPassword('Clave123!');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Clave123!', a)).toBe(true);
    expect(await verifyPassword('Clave123?', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('refuses malformed stored hashes instead of throwing', async () => {
    expect(await verifyPassword('x', 'texto-plano')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1$2$3')).toBe(false);
  });
});
