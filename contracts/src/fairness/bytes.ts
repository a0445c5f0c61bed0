// The hashing primitives of the fairness proofs, pure and synchronous so that the
// browser's verifier and the server compute byte-for-byte the same thing.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

const HEX = /^(?:[0-9a-f]{2})+$/i;

/** True for non-empty hex of whole bytes ('a1', 'DEADBEEF'). */
export function isHex(text: string): boolean {
  return HEX.test(text);
}

/** The bytes of non-empty hex; a TypeError otherwise. */
export function hexBytes(hex: string): Uint8Array {
  if (!isHex(hex)) throw new TypeError('expected non-empty hex');
  return hexToBytes(hex.toLowerCase());
}

/** Lowercase hex SHA-256 of a text's UTF-8 bytes. */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}
