// The buyer's SMS and e-mail for a big purchase: a summary that fits, never thousands
// of numbers.
import { describe, expect, it } from 'vitest';
import type { PurchaseDoc } from '@vag/core/db/purchases';
import { composeEmail, composeSms } from './compose';

const numbers = Array.from({ length: 9720 }, (_, i) => String(i).padStart(5, '0')).filter(
  (_, i) => i % 37 !== 0,
);
const link = 'https://voyaganar.ec/p/7QX4KMkkkkkkkkkkkk';

describe('composeSms', () => {
  it('a 9 000-number purchase fits two SMS segments with ranges, the count left out and the order link', () => {
    const sms = composeSms(numbers, [{ number: '00001', amount: 25 }], link);
    expect(sms.length).toBeLessThanOrEqual(306);
    expect(sms).toContain(link);
    expect(sms).toMatch(/00001-00036, 00038-00073/);
    expect(sms).toMatch(/ y \d+ mas/);
    expect(sms).toContain('premio instantaneo');
  });
  it('a small purchase lists every number', () => {
    expect(composeSms(['0042', '0815'], [], link)).toContain('Tus numeros: 0042, 0815.');
  });
});

describe('composeEmail', () => {
  it('a 9 000-number purchase lists runs up to a cap and says how many more the ticket has', () => {
    const purchase = {
      _id: 'p1',
      orderCode: 'VAG-BIG',
      quantity: numbers.length,
      unitPrice: 1,
      totalPrice: numbers.length,
      paymentMethod: 'bank_transfer',
      packageData: { name: 'Personalizado', quantity: numbers.length, price: numbers.length },
      buyer: { firstName: 'Lucía', email: 'lucia@example.ec' },
    } as unknown as PurchaseDoc;
    const mail = composeEmail(purchase, numbers, []);
    expect(mail.text.length).toBeLessThan(3_000);
    expect(mail.html.length).toBeLessThan(5_000);
    expect(mail.text).toMatch(/00001-00036, 00038-00073, .* y \d+ más/);
    expect(mail.text).toContain('Total: $9.457,00');
  });
});

describe('a stored name in our messages', () => {
  it('is printed on one line, whatever line breaks an old purchase holds', () => {
    const purchase = {
      _id: 'p2',
      orderCode: 'VAG-OLD',
      quantity: 1,
      unitPrice: 1,
      totalPrice: 1,
      paymentMethod: 'bank_transfer',
      packageData: { name: 'Personalizado', quantity: 1, price: 1 },
      buyer: { firstName: 'Ana\n\n\nGANASTE un premio\tde $500', email: 'ana@example.ec' },
    } as unknown as PurchaseDoc;
    const mail = composeEmail(purchase, ['0042'], []);
    expect(mail.text.split('\n')[0]).toBe('Hola Ana GANASTE un premio de $500,');
    expect(mail.html).toContain('<p>Hola Ana GANASTE un premio de $500,</p>');
  });
});
