import { describe, expect, it } from 'vitest';
import { reportQuery } from './reportQuery';

describe('reportQuery', () => {
  it('omits empty and "all" filters', () => {
    expect(reportQuery({ startDate: '', method: 'all', reseller: '  ', status: 'PAID' })).toBe(
      '?status=PAID',
    );
  });

  it('adds the export format', () => {
    expect(reportQuery({ startDate: '2026-11-01', endDate: '2026-11-30' }, 'xlsx')).toBe(
      '?startDate=2026-11-01&endDate=2026-11-30&format=xlsx',
    );
  });

  it("sends the raffle chosen, and nothing for 'Todas las rifas'", () => {
    expect(reportQuery({ raffleId: 'r-b', status: 'PAID' }, 'pdf')).toBe(
      '?raffleId=r-b&status=PAID&format=pdf',
    );
    expect(reportQuery({ raffleId: 'todas' })).toBe('');
  });

  it('answers an empty query when nothing is chosen', () => {
    expect(reportQuery({})).toBe('');
  });
});
