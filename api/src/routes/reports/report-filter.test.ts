import { describe, expect, it } from 'vitest';
import { reportFilter } from './report-filter';

const admin = { id: 'a1', email: 'admin@voyaganar.ec', role: 'admin' as const };
const reseller = {
  id: 'r1',
  email: 'rev@voyaganar.ec',
  role: 'reseller' as const,
  code: 'REV-7K2M9Q',
};

describe('reportFilter', () => {
  it('takes date-only bounds as whole Ecuador days, both inclusive', () => {
    const filter = reportFilter({ startDate: '2026-12-01', endDate: '2026-12-01' }, admin);
    expect(filter.from?.toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(filter.until?.toISOString()).toBe('2026-12-02T05:00:00.000Z');
  });

  it('maps PAID to completed purchases and PENDING to pending ones', () => {
    expect(reportFilter({ status: 'PAID' }, admin).statuses).toEqual(['COMPLETED']);
    expect(reportFilter({ status: 'PENDING' }, admin).statuses).toEqual(['PENDING']);
  });

  it('passes method, package type and reseller code through for admins', () => {
    expect(
      reportFilter({ method: 'paypal', packageType: 'custom', reseller: ' rev-abc ' }, admin),
    ).toEqual({
      paymentMethod: 'paypal',
      packageType: 'custom',
      resellerCode: 'REV-ABC',
    });
  });

  it('restricts a reseller to their own code whatever they ask for', () => {
    expect(reportFilter({ reseller: 'REV-OTHER' }, reseller).resellerCode).toBe('REV-7K2M9Q');
    expect(reportFilter({}, { ...reseller, code: undefined }).resellerCode).toBe('');
  });
});
