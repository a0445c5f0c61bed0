import { describe, expect, it } from 'vitest';
import {
  conceptCode,
  countdownText,
  orderLocation,
  shownNumbers,
  receiptProblem,
  whatsappOrderLink,
} from './order';

describe('order page helpers', () => {
  it('reads the id and key from the address, or nothing without both', () => {
    expect(orderLocation('?id=abc&key=k1')).toEqual({ id: 'abc', key: 'k1' });
    expect(orderLocation('?id=abc')).toBeNull();
  });

  it('counts down in days, hours, minutes and seconds, stopping at zero', () => {
    const now = Date.parse('2026-12-01T10:00:00Z');
    expect(countdownText('2026-12-01T11:02:03Z', now)).toBe('01:02:03');
    expect(countdownText('2026-12-03T10:00:05Z', now)).toBe('2 d 00:00:05');
    expect(countdownText('2026-12-01T09:00:00Z', now)).toBe('00:00:00');
  });

  it('writes the order into the WhatsApp link', () => {
    expect(whatsappOrderLink('593991234567', 'Pedido VAG-7F3K2Q $6.00')).toBe(
      'https://wa.me/593991234567?text=Pedido%20VAG-7F3K2Q%20%246.00',
    );
    expect(whatsappOrderLink('', 'x')).toBeNull();
  });

  it('refuses empty, too large and other types of files in Spanish', () => {
    expect(receiptProblem({ size: 0, type: 'image/png' })).toMatch(/Adjunta/);
    expect(receiptProblem({ size: 6 * 1024 * 1024, type: 'image/png' })).toMatch(/5 MB/);
    expect(receiptProblem({ size: 10, type: 'text/plain' })).toMatch(/JPEG o PNG/);
    expect(receiptProblem({ size: 10, type: 'application/pdf' })).toBeNull();
  });

  it('gives the code without its hyphen for concept fields that take letters and digits only', () => {
    expect(conceptCode('VAG-7KQ2MX')).toBe('VAG7KQ2MX');
    // Both forms fit the shortest concept field (20 characters), in uppercase.
    for (const form of ['VAG-7KQ2MX', conceptCode('VAG-7KQ2MX')])
      expect(form).toMatch(/^[A-Z0-9-]{1,20}$/);
  });
});

describe('the numbers an order page shows', () => {
  it('shows a pick-mode order’s chosen numbers as held until it is paid, then the assigned ones', () => {
    const picked = ['0427', '0007'];
    expect(
      shownNumbers({ state: 'awaiting_payment', assignedNumbers: [], pickedNumbers: picked }),
    ).toEqual({
      numbers: picked,
      held: true,
    });
    expect(shownNumbers({ state: 'paid', assignedNumbers: picked, pickedNumbers: picked })).toEqual(
      {
        numbers: picked,
        held: false,
      },
    );
    expect(shownNumbers({ state: 'expired', assignedNumbers: [], pickedNumbers: picked })).toEqual({
      numbers: [],
      held: false,
    });
    expect(shownNumbers({ state: 'awaiting_payment', assignedNumbers: [] })).toEqual({
      numbers: [],
      held: false,
    });
  });
});
