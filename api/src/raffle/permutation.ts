// A keyed bijection perm: [0, N) → [0, N) that maps sale positions to raffle numbers.
// Position p (the p-th number sold) gets number perm(p): unique because perm is a
// bijection (I1), unpredictable without the raffle's secret key (I4), and computed in
// O(1) per number whatever N is, so allocating q numbers never scans a pool.
//
// Construction: a balanced Feistel network over the smallest even-bit domain 2^(2h) ≥ N
// with an HMAC-SHA256 round function, and cycle-walking (re-encrypt until the value falls
// inside [0, N)). The domain is < 4N, so a walk takes fewer than 4 steps on average.
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';

const ROUNDS = 6;
/** Round tables are memoised when a half is at most this many bits (2^16 entries/round). */
const MEMO_MAX_HALF_BITS = 16;
/** Half width limit keeps every value a safe integer (2^52 < 2^53). */
const MAX_HALF_BITS = 26;

export interface Permutation {
  readonly size: number;
  permute(position: number): number;
  invert(value: number): number;
}

export function createPermutation(secretKeyHex: string, size: number): Permutation {
  if (!Number.isSafeInteger(size) || size < 1)
    throw new RangeError(`permutation size must be a positive integer, got ${size}`);
  if (!/^(?:[0-9a-f]{2})+$/i.test(secretKeyHex))
    throw new TypeError('permutation key must be non-empty hex');

  const halfBits = Math.max(1, Math.ceil(Math.ceil(Math.log2(size)) / 2));
  if (halfBits > MAX_HALF_BITS) throw new RangeError(`permutation size ${size} is too large`);
  const half = 2 ** halfBits;
  const key: KeyObject = createSecretKey(Buffer.from(secretKeyHex, 'hex'));
  const input = Buffer.alloc(5);

  const roundValue = (round: number, x: number): number => {
    input.writeUInt8(round, 0);
    input.writeUInt32BE(x, 1);
    return createHmac('sha256', key).update(input).digest().readUInt32BE(0) % half;
  };

  // Small domains (every realistic raffle) hit the same few round inputs again and
  // again: memoising them turns most permutations into table look-ups.
  const memo =
    halfBits <= MEMO_MAX_HALF_BITS
      ? Array.from({ length: ROUNDS }, () => new Int32Array(half).fill(-1))
      : null;
  const round = memo
    ? (r: number, x: number): number => {
        const table = memo[r]!;
        let v = table[x]!;
        if (v < 0) table[x] = v = roundValue(r, x);
        return v;
      }
    : roundValue;

  const encrypt = (v: number): number => {
    let left = Math.floor(v / half);
    let right = v % half;
    for (let r = 0; r < ROUNDS; r++) {
      const next = (left ^ round(r, right)) >>> 0;
      left = right;
      right = next;
    }
    return left * half + right;
  };

  const decrypt = (v: number): number => {
    let left = Math.floor(v / half);
    let right = v % half;
    for (let r = ROUNDS - 1; r >= 0; r--) {
      const prev = (right ^ round(r, left)) >>> 0;
      right = left;
      left = prev;
    }
    return left * half + right;
  };

  const check = (x: number): void => {
    if (!Number.isSafeInteger(x) || x < 0 || x >= size)
      throw new RangeError(`${x} is outside [0, ${size})`);
  };

  return {
    size,
    permute(position) {
      check(position);
      let v = encrypt(position);
      while (v >= size) v = encrypt(v);
      return v;
    },
    invert(value) {
      check(value);
      let v = decrypt(value);
      while (v >= size) v = decrypt(v);
      return v;
    },
  };
}

const cache = new Map<string, Permutation>();
const CACHE_LIMIT = 32;

/** The permutation for a raffle key and size, built once per process and reused. */
export function permutationFor(secretKeyHex: string, size: number): Permutation {
  const id = `${size}:${secretKeyHex}`;
  let perm = cache.get(id);
  if (!perm) {
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    perm = createPermutation(secretKeyHex, size);
    cache.set(id, perm);
  }
  return perm;
}

/** Raffle numbers are shown with leading zeros to the raffle's width: 7 → '0007' for N = 10000. */
export function formatNumber(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** Digits of the largest number, the default width: N = 10000 → 4 ('0000'…'9999'). */
export function defaultNumberWidth(size: number): number {
  return String(Math.max(0, size - 1)).length;
}

/** Parses a typed raffle number ('0042', '42') into its value, or null when it cannot be one. */
export function parseNumber(text: string, size: number): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,16}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value < size ? value : null;
}
