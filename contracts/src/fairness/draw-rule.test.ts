import { describe, expect, it } from 'vitest';
import {
  applyDrawRule,
  DEFAULT_DRAW_RULE,
  describeDrawRule,
  drawnNumber,
  drawRuleSchema,
  officialResultSchema,
  resultMismatch,
  winnerFrom,
  type DrawRule,
} from './draw-rule';

const RAFFLE = { totalNumbers: 10000, numberWidth: 4 };
const FIXED: DrawRule = {
  ...DEFAULT_DRAW_RULE,
  draw: { kind: 'fixed', date: '2026-12-20', drawNumber: 7012 },
};

describe('drawnNumber', () => {
  it('takes the last `width` digits of the first prize', () => {
    expect(drawnNumber('51234', RAFFLE)).toBe(1234);
    expect(drawnNumber(' 00042 ', RAFFLE)).toBe(42);
  });

  it('reduces them modulo N when N is not a power of ten', () => {
    expect(drawnNumber('98765', { totalNumbers: 5000, numberWidth: 4 })).toBe(8765 % 5000);
    expect(drawnNumber('12', { totalNumbers: 7, numberWidth: 1 })).toBe(2);
  });

  it('uses the whole prize when it has fewer digits than the width', () => {
    expect(drawnNumber('987', RAFFLE)).toBe(987);
  });

  it('refuses a prize that is not digits', () => {
    expect(() => drawnNumber('12a45', RAFFLE)).toThrow(TypeError);
  });
});

describe('winnerFrom', () => {
  it('is the drawn number when it was sold', () => {
    expect(winnerFrom(42, [7, 42, 9000])).toBe(42);
  });

  it('is the next sold number upward when the drawn one is unsold', () => {
    expect(winnerFrom(43, [9000, 7, 42, 100])).toBe(100);
  });

  it('wraps past the last number to the lowest sold one', () => {
    expect(winnerFrom(9001, [9000, 7, 42])).toBe(7);
  });

  it('is null when nothing was sold', () => {
    expect(winnerFrom(42, [])).toBeNull();
  });
});

describe('applyDrawRule', () => {
  it('gives the drawn and the winning number', () => {
    expect(applyDrawRule('71234', RAFFLE, [5, 1300])).toEqual({ drawn: 1234, winner: 1300 });
    expect(applyDrawRule('79999', RAFFLE, [5, 1300])).toEqual({ drawn: 9999, winner: 5 });
    expect(applyDrawRule('79999', RAFFLE, [])).toEqual({ drawn: 9999, winner: null });
  });
});

describe('resultMismatch', () => {
  const result = { drawNumber: 7012, drawDate: '2026-12-20' };

  it('accepts the draw a fixed rule names and refuses any other', () => {
    expect(resultMismatch(FIXED, result, null)).toBeNull();
    expect(resultMismatch(FIXED, { ...result, drawNumber: 7013 }, null)).toBe(
      'La regla exige el sorteo N.º 7012 del 20/12/2026',
    );
    expect(resultMismatch(FIXED, { ...result, drawDate: '2026-12-21' }, null)).not.toBeNull();
  });

  it('accepts a draw on or after the closing day in Ecuador for "first after close"', () => {
    // 02:00 UTC on the 21st is still the 20th in Guayaquil.
    expect(resultMismatch(DEFAULT_DRAW_RULE, result, '2026-12-21T02:00:00Z')).toBeNull();
    expect(resultMismatch(DEFAULT_DRAW_RULE, result, '2026-12-21T06:00:00Z')).toBe(
      'El sorteo debe ser posterior al cierre de la venta (21/12/2026)',
    );
    expect(resultMismatch(DEFAULT_DRAW_RULE, result, null)).toBe('La venta aún no se ha cerrado');
  });
});

describe('schemas and words', () => {
  it('parses both kinds of rule and refuses a bad date with a Spanish message', () => {
    expect(drawRuleSchema.parse(FIXED)).toEqual(FIXED);
    expect(drawRuleSchema.parse(DEFAULT_DRAW_RULE)).toEqual(DEFAULT_DRAW_RULE);
    const bad = drawRuleSchema.safeParse({ ...FIXED, draw: { ...FIXED.draw, date: '20/12/2026' } });
    expect(bad.error?.issues[0]?.message).toBe(
      'La fecha del sorteo debe tener el formato AAAA-MM-DD',
    );
  });

  it('reads an official result and refuses a prize with letters', () => {
    const ok = { firstPrize: ' 51234 ', drawNumber: 7012, drawDate: '2026-12-20' };
    expect(officialResultSchema.parse(ok).firstPrize).toBe('51234');
    const bad = officialResultSchema.safeParse({ ...ok, firstPrize: '5123A' });
    expect(bad.error?.issues[0]?.message).toBe('El primer premio debe tener solo cifras');
  });

  it('describes the rule in Spanish', () => {
    expect(describeDrawRule(FIXED, RAFFLE)).toBe(
      'El número ganador sale del primer premio del sorteo N.º 7012 de la Lotería Nacional del 20/12/2026: ' +
        'se toman sus últimas 4 cifras y se calcula el residuo de dividirlas para 10000. ' +
        'Si ese número no se vendió, gana el siguiente número vendido hacia arriba (después del 9999 se sigue desde el 0000).',
    );
    expect(describeDrawRule(DEFAULT_DRAW_RULE, RAFFLE)).toContain(
      'del primer sorteo de la Lotería Nacional después del cierre de la venta',
    );
  });
});
