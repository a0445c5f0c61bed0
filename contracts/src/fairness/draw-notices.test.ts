import { describe, expect, it } from 'vitest';
import { DRAW_NOTICES, maskedHolder } from './draw-notices';

describe('maskedHolder', () => {
  it('shows the first name, the initial of the last name and the city', () => {
    expect(maskedHolder({ firstName: 'Ana María', lastName: 'pérez Gómez', city: 'Quito' })).toBe(
      'Ana P. — Quito',
    );
  });

  it('leaves out the parts that are missing', () => {
    expect(maskedHolder({ firstName: 'Luis', lastName: '', city: ' ' })).toBe('Luis');
    expect(maskedHolder({ firstName: 'Luis', lastName: 'Zambrano', city: '' })).toBe('Luis Z.');
  });
});

describe('DRAW_NOTICES', () => {
  it('tells the winner the number, the prize and the official result', () => {
    const text = DRAW_NOTICES.winnerText({
      firstName: 'Ana',
      raffleName: 'Gran Sorteo',
      prize: 'Camioneta',
      winningNumber: '0042',
      result: { firstPrize: '51234', drawNumber: 7012, drawDate: '2099-01-10' },
      orderCode: 'VAG-1',
      verifyUrl: 'https://example.ec/verificar',
    });
    expect(text).toContain('Tu número 0042 ganó el sorteo de Gran Sorteo: Camioneta.');
    expect(text).toContain(
      'primer premio 51234 del sorteo N.º 7012 de la Lotería Nacional del 10/01/2099',
    );
  });
});
