import { describe, expect, it } from 'vitest';
import { clampPercentage, percentText, soldText } from './progress';

describe('sales progress texts', () => {
  const progress = { assigned: 1250, total: 10000, percentage: 12.5 };
  it('shows the percentage with two decimals and the numbers sold of the total', () => {
    expect(percentText(progress)).toBe('12,50%');
    expect(soldText(progress)).toBe('1.250 de 10.000 números vendidos');
  });
  it('never draws a bar outside 0–100', () => {
    expect(clampPercentage(130)).toBe(100);
    expect(clampPercentage(-2)).toBe(0);
    expect(clampPercentage(Number.NaN)).toBe(0);
    expect(percentText({ ...progress, percentage: 100.4 })).toBe('100,00%');
  });
});
