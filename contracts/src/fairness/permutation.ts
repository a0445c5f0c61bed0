// A keyed bijection perm: [0, N) → [0, N) that maps sale positions to raffle numbers.
// Position p (the p-th number sold) gets number perm(p): unique because perm is a
// bijection (I1), unpredictable without the raffle's secret key (I4), and computed in
// O(1) per number whatever N is, so allocating q numbers never scans a pool. Once the key
// is revealed after the draw, anyone recomputes every assignment with this same code.
//
// Construction: a balanced Feistel network over the smallest even-bit domain 2^(2h) ≥ N
// with an HMAC-SHA256 round function, and cycle-walking (re-encrypt until the value falls
// inside [0, N)). The domain is < 4N, so a walk takes fewer than 4 steps on average.
// Round r of value x: HMAC-SHA256(key, [r as 1 byte, x as 4 bytes big-endian]), its first
// 4 bytes read big-endian, modulo 2^h.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { hexBytes, isHex } from './bytes';

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
  if (!isHex(secretKeyHex)) throw new TypeError('permutation key must be non-empty hex');

  const halfBits = Math.max(1, Math.ceil(Math.ceil(Math.log2(size)) / 2));
  if (halfBits > MAX_HALF_BITS) throw new RangeError(`permutation size ${size} is too large`);
  const half = 2 ** halfBits;
  // The keyed state is built once; each round value clones it instead of rehashing the key.
  const keyed = hmac.create(sha256, hexBytes(secretKeyHex));
  const input = new Uint8Array(5);
  const view = new DataView(input.buffer);

  const roundValue = (round: number, x: number): number => {
    view.setUint8(0, round);
    view.setUint32(1, x);
    const mac = keyed.clone().update(input).digest();
    return (((mac[0]! << 24) | (mac[1]! << 16) | (mac[2]! << 8) | mac[3]!) >>> 0) % half;
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

/** The numbers of sale positions [start, start + count), zero-padded to `width`, in position order. */
export function numbersAt(
  perm: Permutation,
  range: { start: number; count: number },
  width: number,
): string[] {
  const numbers: string[] = [];
  for (let p = range.start; p < range.start + range.count; p++)
    numbers.push(String(perm.permute(p)).padStart(width, '0'));
  return numbers;
}
