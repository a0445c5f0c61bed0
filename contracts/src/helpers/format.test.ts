import { describe, expect, it } from 'vitest';
import {
  ecuadorDay,
  ecuadorEndOfDayIso,
  formatDate,
  formatDateTime,
  isoToDateInput,
} from './format';

describe('formatDateTime', () => {
  it('shows dd/MM/yyyy HH:mm on the Guayaquil clock (UTC−5)', () => {
    expect(formatDateTime('2026-03-05T19:07:00.000Z')).toBe('05/03/2026 14:07');
    expect(formatDateTime('2026-01-01T03:30:00Z')).toBe('31/12/2025 22:30');
    expect(formatDateTime('2026-07-10T05:00:00Z')).toBe('10/07/2026 00:00');
    expect(formatDateTime(new Date('2026-11-21T23:59:00Z'))).toBe('21/11/2026 18:59');
  });
  it('keeps offsets into account', () => {
    expect(formatDateTime('2026-03-05T10:00:00-05:00')).toBe('05/03/2026 10:00');
  });
  it('answers empty for nothing and returns unparseable input unchanged', () => {
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('mañana')).toBe('mañana');
  });
});

describe('formatDate', () => {
  it('shows a calendar date as written, never shifted a day', () => {
    expect(formatDate('2024-05-01')).toBe('01/05/2024');
  });
  it('shows an instant on the Guayaquil calendar', () => {
    expect(formatDate('2024-05-01T02:00:00Z')).toBe('30/04/2024');
  });
  it('returns free text unchanged', () => {
    expect(formatDate('Diciembre 2023')).toBe('Diciembre 2023');
  });
});

describe('Ecuador calendar days', () => {
  it('turns a date input into the end of that day in Ecuador', () => {
    expect(ecuadorEndOfDayIso('2026-12-24')).toBe('2026-12-25T04:59:59.000Z');
    expect(ecuadorEndOfDayIso('')).toBeNull();
    expect(ecuadorEndOfDayIso('24/12/2026')).toBeNull();
  });
  it('round-trips the hero end date to the same date input', () => {
    expect(isoToDateInput(ecuadorEndOfDayIso('2026-12-24'))).toBe('2026-12-24');
    expect(isoToDateInput(null)).toBe('');
  });
  it('buckets an instant into its Ecuador day', () => {
    expect(ecuadorDay('2026-03-06T04:00:00Z')).toBe('2026-03-05');
    expect(ecuadorDay('nope')).toBeNull();
  });
});
