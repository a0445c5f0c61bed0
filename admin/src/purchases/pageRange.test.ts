import { showingText } from '@vag/contracts';
import { describe, expect, it } from 'vitest';
import { pageRange } from './pageRange';

describe('purchase history paging', () => {
  it("reads 'Mostrando 11-20 de 35 compras' on the second page of 35", () => {
    const range = pageRange(2, 10, 35);
    expect(showingText(range)).toBe('Mostrando 11-20 de 35 compras');
    expect(range.totalPages).toBe(4);
    expect(range.items).toEqual([1, 2, 3, 4]);
  });

  it('shows the last partial page and an empty history as 0-0', () => {
    expect(showingText(pageRange(4, 10, 35))).toBe('Mostrando 31-35 de 35 compras');
    expect(showingText(pageRange(1, 10, 0))).toBe('Mostrando 0-0 de 0 compras');
  });

  it('uses ellipses beyond seven pages, keeping neighbours in the middle', () => {
    expect(pageRange(6, 10, 200).items).toEqual([1, '…', 5, 6, 7, '…', 20]);
    expect(pageRange(1, 10, 200).items).toEqual([1, 2, 3, 4, 5, '…', 20]);
  });
});
