import { describe, expect, it } from 'vitest';
import { daysLeft, isOverdue } from './data-requests';

const now = new Date('2026-11-28T12:00:00Z');

describe('isOverdue', () => {
  it('is a pending request past its deadline only', () => {
    expect(isOverdue({ status: 'pending', dueAt: '2026-11-27T12:00:00Z' }, now)).toBe(true);
    expect(isOverdue({ status: 'done', dueAt: '2026-11-27T12:00:00Z' }, now)).toBe(false);
    expect(isOverdue({ status: 'pending', dueAt: '2026-11-29T12:00:00Z' }, now)).toBe(false);
  });
  it('counts the days left', () => {
    expect(daysLeft({ dueAt: '2026-12-13T12:00:00Z' }, now)).toBe(15);
  });
});
