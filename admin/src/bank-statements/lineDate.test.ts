import { describe, expect, it } from 'vitest';
import { lineDate } from './lineDate';

describe('lineDate', () => {
  it("shows the statement's day, whatever the browser's time zone", () => {
    expect(lineDate('2026-11-27')).toBe('27/11/2026');
    expect(lineDate('2026-11-27T00:00:00.000Z', { year: false })).toBe('27/11');
  });

  it('leaves text that is not a date as it is', () => {
    expect(lineDate('ayer')).toBe('ayer');
  });
});
