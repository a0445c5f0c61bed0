import { describe, expect, it } from 'vitest';
import { parseShortOrderCode, shortOrderPath } from './order';

describe('the order page short link', () => {
  const key = 'Ab12-_cd34EFgh56ijkl78mnop90qrst';

  it('is the order code and the start of the access key, and reads back', () => {
    const path = shortOrderPath('VAG-7KQ2MX', key);
    expect(path).toBe('/p/7KQ2MXAb12-_cd34EF');
    expect(parseShortOrderCode(path!.slice(3))).toEqual({
      orderCode: 'VAG-7KQ2MX',
      keyStart: 'Ab12-_cd34EF',
    });
  });

  it('is not made for an order code or key of another shape', () => {
    expect(shortOrderPath('VAG-TKT1', key)).toBeNull();
    expect(shortOrderPath('VAG-7KQ2MX', 'short')).toBeNull();
  });

  it('refuses malformed codes', () => {
    for (const code of [
      '',
      '7KQ2MX',
      '7KQ2MXAb12-_cd34EF9',
      '7kq2mxAb12-_cd34EF',
      '7KQ2M0Ab12-_cd34EF',
    ])
      expect(parseShortOrderCode(code)).toBeNull();
  });
});
