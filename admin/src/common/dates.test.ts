import { describe, expect, it } from 'vitest';
import { asDay, dateToDay, dayToDate } from './dates';

describe('calendar days between the forms and the date pickers', () => {
  it('takes a stored instant as its day on the Ecuador calendar', () => {
    expect(asDay('2026-05-10')).toBe('2026-05-10');
    expect(asDay('2026-05-11T03:00:00.000Z')).toBe('2026-05-10');
    expect(asDay('mayo')).toBe('');
    expect(asDay(undefined)).toBe('');
  });

  it('gives the picker the same day at local midnight and reads it back', () => {
    const date = dayToDate('2026-05-10');
    expect([date?.getFullYear(), date?.getMonth(), date?.getDate(), date?.getHours()]).toEqual([
      2026, 4, 10, 0,
    ]);
    expect(dateToDay(date)).toBe('2026-05-10');
    expect(dateToDay(dayToDate('2024-02-29'))).toBe('2024-02-29');
  });

  it('refuses days that do not exist and partly typed dates', () => {
    expect(dayToDate('2026-02-31')).toBeNull();
    expect(dayToDate('')).toBeNull();
    expect(dateToDay(new Date(Number.NaN))).toBe('');
    expect(dateToDay(null)).toBe('');
  });
});
