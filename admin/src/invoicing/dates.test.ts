import { describe, expect, it } from 'vitest';
import { certificateState } from './certificate';
import { currentMonth, recentMonths } from './months';

const now = new Date('2026-11-28T12:00:00Z');
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();

describe('certificateState', () => {
  it('warns from 30 days before the expiry, counting the days left', () => {
    expect(certificateState(inDays(31), now)).toEqual({ kind: 'valid' });
    expect(certificateState(inDays(30), now)).toEqual({ kind: 'expiring', daysLeft: 30 });
    expect(certificateState(inDays(0.5), now)).toEqual({ kind: 'expiring', daysLeft: 1 });
  });

  it('says expired once the date has passed', () => {
    expect(certificateState(inDays(-1), now)).toEqual({ kind: 'expired' });
  });
});

describe('currentMonth', () => {
  it("is Ecuador's month: the first hours of a UTC month are still the previous one there", () => {
    expect(currentMonth(new Date('2026-12-01T03:00:00Z'))).toBe('2026-11');
    expect(currentMonth(new Date('2026-12-01T06:00:00Z'))).toBe('2026-12');
  });
});

describe('recentMonths', () => {
  it('names the months in Spanish, newest first, across the turn of the year', () => {
    const months = recentMonths(3, new Date('2026-02-10T12:00:00Z'));
    expect(months.map((m) => m.id)).toEqual(['2026-02', '2026-01', '2025-12']);
    expect(months[2]!.name).toBe('diciembre de 2025');
  });
});
