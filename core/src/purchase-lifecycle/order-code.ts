// The human side of an order: a short code the buyer writes as the transfer concept
// (VAG- plus 6 characters without look-alikes such as 0/O or 1/I), unique by the purchases'
// `order_code` index, and the unguessable access key of the order link.
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_LENGTH = 6;

/** A fresh code: 31⁶ of them, so one order in about 10⁴ draws a taken one at 100 000 orders. */
export function newOrderCode(): string {
  let code = 'VAG-';
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

export function newAccessKey(): string {
  return randomBytes(24).toString('base64url');
}

/** Compares in constant time, so the answer time says nothing about the key. */
export function accessKeyMatches(stored: string | undefined, given: string | undefined): boolean {
  if (!stored || !given) return false;
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
