import { describe, expect, it } from 'vitest';
import { chartDayLabel } from './chartDay';

describe('chartDayLabel', () => {
  it('shows a calendar day as dd/MM', () => {
    expect(chartDayLabel('2026-11-05')).toBe('05/11');
  });
});
