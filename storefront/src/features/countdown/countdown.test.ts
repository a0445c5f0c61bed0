import { describe, expect, it } from 'vitest';
import { countdownParts, timeLeft, twoDigits } from './countdown';

describe('timeLeft', () => {
  const now = Date.parse('2026-12-20T10:00:00Z');
  it('splits what is left into days, hours, minutes and seconds', () => {
    expect(timeLeft('2026-12-24T14:30:15Z', now)).toEqual({
      days: 4,
      hours: 4,
      minutes: 30,
      seconds: 15,
      ended: false,
    });
  });
  it('stops at zero once the date has passed, and for a date it cannot read', () => {
    expect(timeLeft('2026-12-19T10:00:00Z', now)).toMatchObject({
      days: 0,
      seconds: 0,
      ended: true,
    });
    expect(timeLeft('mañana', now).ended).toBe(true);
  });
  it('pads hours, minutes and seconds', () => {
    expect([7, 12].map(twoDigits)).toEqual(['07', '12']);
  });
});

describe('countdownParts', () => {
  it('draws days, then hours, minutes and seconds in two digits, with Spanish units', () => {
    const left = timeLeft('2026-12-21T11:02:03Z', Date.parse('2026-12-20T10:00:00Z'));
    expect(countdownParts(left)).toEqual([
      { value: '1', unit: 'día' },
      { value: '01', unit: 'horas' },
      { value: '02', unit: 'min' },
      { value: '03', unit: 'seg' },
    ]);
  });
});
