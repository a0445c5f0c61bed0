import { describe, expect, it } from 'vitest';
import { sniffImageType } from './media-type';

describe('sniffImageType', () => {
  it('recognises GIF, JPEG and PNG by their signatures', () => {
    expect(sniffImageType(Buffer.from('GIF89a\x01\x00', 'latin1'))).toBe('image/gif');
    expect(sniffImageType(Buffer.from('GIF87a', 'latin1'))).toBe('image/gif');
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      'image/png',
    );
  });

  it('refuses anything else, whatever it claims to be', () => {
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});
