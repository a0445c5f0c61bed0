// Uploads are typed by their first bytes, never by the name or the header the browser sends.
export type SniffedType = 'image/gif' | 'image/jpeg' | 'image/png';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function sniffImageType(bytes: Uint8Array): SniffedType | null {
  const ascii = String.fromCharCode(...bytes.subarray(0, 6));
  if (ascii === 'GIF87a' || ascii === 'GIF89a') return 'image/gif';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'image/png';
  return null;
}
