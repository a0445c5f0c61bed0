import { describe, expect, it } from 'vitest';
import { WEEKDAYS_ES, asDay, displayToIso, isoToDisplay, monthLabel, monthWeeks } from './dates';

describe('Spanish calendar days', () => {
  it('shows yyyy-MM-dd as dd/MM/yyyy and nothing for other text', () => {
    expect(isoToDisplay('2026-05-10')).toBe('10/05/2026');
    expect(isoToDisplay('')).toBe('');
    expect(isoToDisplay('2026-05-10T10:00:00Z')).toBe('');
  });

  it('takes a stored instant as its day on the Ecuador calendar', () => {
    expect(asDay('2026-05-10')).toBe('2026-05-10');
    expect(asDay('2026-05-11T03:00:00.000Z')).toBe('2026-05-10');
    expect(asDay('mayo')).toBe('');
    expect(asDay(undefined)).toBe('');
  });

  it('reads what staff type, day first', () => {
    expect(displayToIso('10/05/2026')).toBe('2026-05-10');
    expect(displayToIso(' 1/5/2026 ')).toBe('2026-05-01');
    expect(displayToIso('10-05-2026')).toBe('2026-05-10');
    expect(displayToIso('10052026')).toBe('2026-05-10');
  });

  it('refuses days that do not exist and partial text', () => {
    expect(displayToIso('31/02/2026')).toBeNull();
    expect(displayToIso('29/02/2025')).toBeNull();
    expect(displayToIso('29/02/2024')).toBe('2024-02-29');
    expect(displayToIso('10/13/2026')).toBeNull();
    expect(displayToIso('10/05/20')).toBeNull();
  });

  it('lays a month out in weeks that start on Monday', () => {
    expect(WEEKDAYS_ES[0]).toBe('lu');
    // 1 June 2026 is a Monday; 1 November 2026 a Sunday.
    expect(monthWeeks(2026, 5)[0]?.[0]).toBe('2026-06-01');
    const november = monthWeeks(2026, 10);
    expect(november[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(november.flat().filter(Boolean)).toHaveLength(30);
    expect(november.every((week) => week.length === 7)).toBe(true);
  });

  it('names the month in Spanish', () => {
    expect(monthLabel(2026, 4)).toBe('Mayo de 2026');
  });
});
