import { describe, expect, it } from 'vitest';
import { ORDER_STATE_WORDS, orderStateOf, parseShortOrderCode, shortOrderPath } from './order';

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

describe("a buyer's order state", () => {
  const now = new Date('2026-11-28T12:00:00Z');
  const held = { active: true, expiresAt: new Date('2026-11-28T14:00:00Z') };
  const words = (p: Parameters<typeof orderStateOf>[0]) => ORDER_STATE_WORDS[orderStateOf(p, now)];

  it("reads 'Comprobante en revisión' for an unpaid transfer whose receipt staff review", () => {
    expect(words({ status: 'PENDING', review: { state: 'in_review' }, reservation: held })).toBe(
      'Comprobante en revisión',
    );
  });

  it("reads 'Pendiente de pago' before a receipt and 'Pagado' once paid", () => {
    expect(words({ status: 'PENDING', reservation: held })).toBe('Pendiente de pago');
    expect(words({ status: 'COMPLETED' })).toBe('Pagado');
  });

  it("reads 'Vencido' for a hold past its end, before the sweeper's pass", () => {
    const lapsed = { active: true, expiresAt: new Date('2026-11-28T11:59:59Z') };
    expect(words({ status: 'PENDING', review: { state: 'in_review' }, reservation: lapsed })).toBe(
      'Vencido',
    );
  });
});
