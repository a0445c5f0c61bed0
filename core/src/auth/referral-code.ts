// Reseller referral codes: short, readable aloud and typed from a WhatsApp message, so
// the alphabet leaves out look-alikes (0/O, 1/I/L).
import { randomInt } from 'node:crypto';

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export function newReferralCode(): string {
  let suffix = '';
  for (let i = 0; i < 6; i++) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `REV-${suffix}`;
}
