import { describe, expect, it } from 'vitest';
import { timeLeft, twoDigits } from './countdown';

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
