// The human side of an order: a short code the buyer writes as the transfer concept
// (VAG- plus 6 characters without look-alikes such as 0/O or 1/I), unique through a
// payment_refs key, and the unguessable access key of the order link.
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from 'mongodb';
import { claimPaymentRef, orderCodeRef } from '@vag/core/db/purchases';

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_LENGTH = 6;

function randomCode(): string {
  let code = 'VAG-';
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** A fresh code bound to the purchase for good; a collision just draws again. */
export async function claimOrderCode(db: Db, purchaseId: string): Promise<string> {
  for (;;) {
    const code = randomCode();
    if ((await claimPaymentRef(db, orderCodeRef(code), purchaseId)) === purchaseId) return code;
  }
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
