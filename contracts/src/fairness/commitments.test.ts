import { describe, expect, it } from 'vitest';
import {
  instantPrizesCommitment,
  keyCommitment,
  keyCommitmentText,
  purchaseReference,
  soldListHash,
} from './commitments';

const KEY = 'a1'.repeat(32);
const RAFFLE = { raffleRef: 'r-test', totalNumbers: 10000, numberWidth: 4, key: KEY };

// Expected hashes come from `printf '<canonical text>' | sha256sum`, so the documented
// layout, not this code, is what the tests hold to.
describe('keyCommitment', () => {
  it('is the SHA-256 of the documented text', () => {
    expect(keyCommitmentText(RAFFLE)).toBe(
      `voyaganar:key:v1\nraffle=r-test\ntotal=10000\nwidth=4\nkey=${KEY}\n`,
    );
    expect(keyCommitment(RAFFLE)).toBe(
      '538dcd64e179d237f2a8706f3256d3cbefca57f6627a4d5b57530e4d5a6dfaec',
    );
  });

  it('hashes an uppercase key as its lowercase form', () => {
    expect(keyCommitment({ ...RAFFLE, key: KEY.toUpperCase() })).toBe(keyCommitment(RAFFLE));
  });

  it('changes with the key, the raffle, N and the width', () => {
    const base = keyCommitment(RAFFLE);
    expect(keyCommitment({ ...RAFFLE, key: 'a2' + KEY.slice(2) })).not.toBe(base);
    expect(keyCommitment({ ...RAFFLE, raffleRef: 'r-other' })).not.toBe(base);
    expect(keyCommitment({ ...RAFFLE, totalNumbers: 9999 })).not.toBe(base);
    expect(keyCommitment({ ...RAFFLE, numberWidth: 5 })).not.toBe(base);
  });

  it('refuses what has no canonical form', () => {
    expect(() => keyCommitment({ ...RAFFLE, raffleRef: 'r test' })).toThrow(TypeError);
    expect(() => keyCommitment({ ...RAFFLE, raffleRef: 'r\nkey=00' })).toThrow(TypeError);
    expect(() => keyCommitment({ ...RAFFLE, key: 'xyz' })).toThrow(TypeError);
    expect(() => keyCommitment({ ...RAFFLE, totalNumbers: 1.5 })).toThrow(RangeError);
  });
});

describe('instantPrizesCommitment', () => {
  it('is the SHA-256 of the salted list sorted by number', () => {
    expect(instantPrizesCommitment('r-test', '00FF', ['0420', '0042'])).toBe(
      '72a179d30a94f60a708894ffbb7e7106f1011a59562adfb0d3fdda26d5d8922f',
    );
    expect(instantPrizesCommitment('r-test', '00ff', [])).toBe(
      'f06aa2b3f0acfac228c044c8b7d9370f68506a289df302ea6ddfa182924b62da',
    );
  });

  it('changes with the salt or a number', () => {
    const base = instantPrizesCommitment('r-test', '00ff', ['0042']);
    expect(instantPrizesCommitment('r-test', '01ff', ['0042'])).not.toBe(base);
    expect(instantPrizesCommitment('r-test', '00ff', ['0043'])).not.toBe(base);
    expect(instantPrizesCommitment('r-test', '00ff', ['0042', '0043'])).not.toBe(base);
  });
});

describe('soldListHash', () => {
  it('is the SHA-256 of the sold numbers sorted, each with its purchase reference', () => {
    const sold = [
      { number: '9999', reference: 'p-1' },
      { number: '0042', reference: 'p-1' },
      { number: '0007', reference: 'p-2' },
    ];
    expect(soldListHash('r-test', sold)).toBe(
      'ad5faacfb1876fe2ac470fe8b01f63292fbd046d2ed5182d339a9ad35dc867a7',
    );
  });

  it('changes when a number moves to another purchase', () => {
    const a = soldListHash('r-test', [{ number: '0042', reference: 'p-1' }]);
    expect(soldListHash('r-test', [{ number: '0042', reference: 'p-2' }])).not.toBe(a);
    expect(() => soldListHash('r-test', [{ number: '42a', reference: 'p-1' }])).toThrow(TypeError);
  });
});

describe('purchaseReference', () => {
  it('is the first 16 hex digits of the SHA-256 of the documented text', () => {
    expect(purchaseReference('3f1c0b9e-7a2d-4c55-9a0e-2b8d1f6e4a10')).toBe('c6930756b183d578');
  });
});
