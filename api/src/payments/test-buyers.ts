// Made-up buyers who share nothing: own e-mail, phone and a valid cédula each, as an
// attacker would invent them (or as a crowd behind one carrier address would be).
import { randomInt } from 'node:crypto';
import { buyer } from './test-fixtures';

/** A cédula of Pichincha with its check digit (Ecuador's modulo-10 rule). */
export function randomCedula(): string {
  const digits = [1, 7, randomInt(0, 6), ...Array.from({ length: 6 }, () => randomInt(0, 10))];
  const sum = digits.reduce((acc, d, i) => {
    const p = d * (i % 2 === 0 ? 2 : 1);
    return acc + (p > 9 ? p - 9 : p);
  }, 0);
  return [...digits, (10 - (sum % 10)) % 10].join('');
}

export function strangerBuyer(overrides: Record<string, unknown> = {}) {
  return buyer({
    phone: `09${String(randomInt(0, 100_000_000)).padStart(8, '0')}`,
    document: randomCedula(),
    ...overrides,
  });
}
