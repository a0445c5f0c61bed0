import { describe, expect, it } from 'vitest';
import { parseAmount, parseDate } from './values';

describe('parseAmount', () => {
  it.each([
    ['1.234,56', ',', 123456],
    ['1,234.56', '.', 123456],
    ['-12,00', ',', -1200],
    ['12,00-', ',', -1200],
    ['(12,00)', ',', -1200],
    ['12,00 CR', ',', 1200],
    ['12,00 DR', ',', -1200],
    ['0,41 D', ',', -41],
    ['$ 1 234,5', ',', 123450],
    ['USD 10.50', '.', 1050],
    ['+10', '.', 1000],
    ['10,5', ',', 1050],
  ] as const)('reads %s under a decimal %s as %i cents', (text, sep, cents) => {
    expect(parseAmount(text, sep)).toBe(cents);
  });

  it('keeps Excel numbers as they are', () => {
    expect(parseAmount(1234.56, ',')).toBe(123456);
  });

  it.each([
    ['12.50', ','],
    ['1.234.5', ','],
    ['12,50', '.'],
    ['1,23,456.00', '.'],
    ['diez', '.'],
    ['12,345', ','],
  ] as const)('refuses %s under a decimal %s rather than guess', (text, sep) => {
    expect(parseAmount(text, sep)).toBeNull();
  });
});

describe('parseDate', () => {
  it.each([
    ['27/11/2026', 'DD/MM/YYYY', '2026-11-27'],
    ['27-11-2026', 'DD/MM/YYYY', '2026-11-27'],
    ['27.11.26', 'DD/MM/YYYY', '2026-11-27'],
    ['11/27/2026', 'MM/DD/YYYY', '2026-11-27'],
    ['2026-11-27', 'DD/MM/YYYY', '2026-11-27'],
    ['2026/11/27 10:15:00', 'YYYY/MM/DD', '2026-11-27'],
    ['46353', 'DD/MM/YYYY', '2026-11-27'],
  ] as const)('reads %s (%s) as %s', (text, format, iso) => {
    expect(parseDate(text, format)).toBe(iso);
  });

  it('reads Excel dates and day serials', () => {
    expect(parseDate(new Date(Date.UTC(2026, 10, 27)), 'DD/MM/YYYY')).toBe('2026-11-27');
    expect(parseDate(46353, 'DD/MM/YYYY')).toBe('2026-11-27');
  });

  it.each(['31/02/2026', '27/13/2026', '2026', 'ayer', '12345678'])('refuses %s', (text) => {
    expect(parseDate(text, 'DD/MM/YYYY')).toBeNull();
  });
});
