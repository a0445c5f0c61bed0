import { describe, expect, it } from 'vitest';
import { pageSlice, paginationWindow, showingText, truncateId } from './pagination';

describe('truncateId', () => {
  it('keeps the first 8 characters plus an ellipsis', () => {
    expect(truncateId('665f1c2e9b1d4a0012345678')).toBe('665f1c2e…');
  });
  it('leaves short ids alone', () => {
    expect(truncateId('abc')).toBe('abc');
    expect(truncateId('12345678')).toBe('12345678');
  });
});

describe('paginationWindow', () => {
  it('shows every page when there are 7 or fewer', () => {
    expect(paginationWindow(1, 0)).toEqual([]);
    expect(paginationWindow(1, 1)).toEqual([1]);
    expect(paginationWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('shows the first five near the start', () => {
    expect(paginationWindow(1, 20)).toEqual([1, 2, 3, 4, 5, '…', 20]);
    expect(paginationWindow(3, 8)).toEqual([1, 2, 3, 4, 5, '…', 8]);
  });
  it('shows the last five near the end', () => {
    expect(paginationWindow(20, 20)).toEqual([1, '…', 16, 17, 18, 19, 20]);
    expect(paginationWindow(18, 20)).toEqual([1, '…', 16, 17, 18, 19, 20]);
  });
  it('shows the neighbours in the middle', () => {
    expect(paginationWindow(10, 20)).toEqual([1, '…', 9, 10, 11, '…', 20]);
    expect(paginationWindow(4, 20)).toEqual([1, '…', 3, 4, 5, '…', 20]);
  });
  it('clamps a page out of range', () => {
    expect(paginationWindow(99, 20)).toEqual([1, '…', 16, 17, 18, 19, 20]);
    expect(paginationWindow(0, 20)).toEqual([1, 2, 3, 4, 5, '…', 20]);
  });
});

describe('pageSlice and showingText', () => {
  const items = Array.from({ length: 35 }, (_, i) => i + 1);
  it('cuts pages of 10', () => {
    const second = pageSlice(items, 2);
    expect(second.items).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(second.totalPages).toBe(4);
    expect(showingText(second)).toBe('Mostrando 11-20 de 35 compras');
  });
  it('shows a short last page', () => {
    expect(showingText(pageSlice(items, 4))).toBe('Mostrando 31-35 de 35 compras');
  });
  it('clamps to the last page when filters shrink the list', () => {
    expect(pageSlice(items, 9).page).toBe(4);
  });
  it('says 0-0 de 0 when empty', () => {
    const empty = pageSlice([], 1);
    expect(empty.totalPages).toBe(1);
    expect(showingText(empty)).toBe('Mostrando 0-0 de 0 compras');
  });
});
