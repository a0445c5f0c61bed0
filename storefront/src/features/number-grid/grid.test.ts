import { describe, expect, it } from 'vitest';
import type { NumberGrid, Package } from '@vag/contracts';
import {
  cellState,
  gridPages,
  gridView,
  machineCount,
  missingCount,
  pageCount,
  pageLabel,
  searchNumber,
  takenIndexes,
  takenSince,
  toggle,
  withoutTaken,
} from './grid';
import { discountedQuantities, readPicks, savePicks, selectionOffer } from './picks';

/** A grid of `total` numbers with the given held and sold numbers, as the api sends it. */
function gridOf(total: number, held: number[], sold: number[]): NumberGrid {
  const bitmap = (set: number[]) => {
    const bytes = new Uint8Array(Math.ceil(total / 8));
    for (const i of set) bytes[i >> 3]! |= 0x80 >> (i & 7);
    return btoa(String.fromCharCode(...bytes));
  };
  return {
    raffleId: 'r1',
    mode: 'pick',
    totalNumbers: total,
    numberWidth: String(total - 1).length,
    version: 'v1',
    held: bitmap(held),
    sold: bitmap(sold),
  };
}

describe('the grid of a pick-mode raffle', () => {
  const view = gridView(gridOf(10_000, [427], [9, 9999]));

  it('tells free, held, sold and the buyer’s own numbers apart', () => {
    const mine = new Set([12]);
    expect([0, 427, 9, 9999, 12].map((i) => cellState(view, i, mine))).toEqual([
      'free',
      'held',
      'sold',
      'sold',
      'mine',
    ]);
  });

  it('answers "¿está libre el 0427?" and refuses what is no number of the raffle', () => {
    expect(searchNumber('0427', view, new Set())).toMatchObject({
      kind: 'found',
      index: 427,
      number: '0427',
      state: 'held',
    });
    expect(searchNumber('10000', view, new Set())).toEqual({
      kind: 'problem',
      message: 'El número 10000 no existe en esta rifa (va de 0 a 9999).',
    });
    expect(searchNumber('12a', view, new Set())).toEqual({
      kind: 'problem',
      message: '«12a» no es un número de la rifa.',
    });
  });

  it('pages a large raffle in ranges of 100', () => {
    expect(pageCount(100_000)).toBe(1000);
    expect(pageLabel(4, view)).toBe('0400–0499');
    expect(pageLabel(999, gridView(gridOf(100_000, [], [])))).toBe('99900–99999');
  });

  it('after a 409 removes exactly the taken numbers and keeps the rest in order', () => {
    expect(withoutTaken([5, 427, 8, 31], takenIndexes(['0427', '0031']))).toEqual({
      kept: [5, 8],
      lost: [427, 31],
    });
  });

  it('finds chosen numbers another order took on a fresh grid', () => {
    expect(takenSince(view, [1, 427, 9, 2])).toEqual([427, 9]);
  });

  it('never selects more than the package’s quantity; the maquinita fills the rest', () => {
    expect(toggle([1, 2], 3, 2)).toEqual([1, 2]);
    expect(toggle([1, 2], 2, 2)).toEqual([1]);
    expect(toggle([1], 3, null)).toEqual([1, 3]);
    expect(missingCount([1], 5)).toBe(4);
  });

  it('the maquinita adds what "Cuántos al azar" says: by default what the package lacks, else 1', () => {
    expect(machineCount('', [1], 5)).toEqual({ count: 4 });
    expect(machineCount('', [1], null)).toEqual({ count: 1 });
    expect(machineCount('3', [1], null)).toEqual({ count: 3 });
    expect(machineCount('9', [1], 5)).toEqual({
      problem: 'Pide entre 1 y 4 números a la maquinita.',
    });
    expect(machineCount('', [1, 2], 2)).toEqual({
      problem: 'Ya elegiste tus 2 números. Quita uno para cambiarlo.',
    });
  });

  it('"Solo libres" pages only the free numbers and jumps to the first free one from a number', () => {
    const small = gridView(gridOf(300, [1, 2], [3, 150]));
    const all = gridPages(small, false);
    expect(all.count).toBe(3);
    expect(all.numbersOf(0).slice(0, 5)).toEqual([0, 1, 2, 3, 4]);
    const free = gridPages(small, true);
    expect(free.count).toBe(3);
    expect(free.numbersOf(0).slice(0, 3)).toEqual([0, 4, 5]);
    expect(free.numbersOf(0)).toHaveLength(100);
    expect(free.label(0)).toBe('000–102');
    expect(free.pageOf(2)).toBe(0);
    expect(free.pageOf(150)).toBe(1);
    expect(free.numbersOf(2)).toHaveLength(96);
  });
});

describe('the price of a selection', () => {
  const packages = [
    { _id: 'p5', name: 'Pack 5', quantity: 5, price: 4, isPopular: true },
  ] as unknown as Package[];

  it('is the package of that quantity, else the price per number', () => {
    expect(selectionOffer(5, packages, 1, null)).toMatchObject({ id: 'p5', price: 4 });
    expect(selectionOffer(3, packages, 1.5, null)).toMatchObject({
      id: 'custom',
      quantity: 3,
      price: 4.5,
    });
  });

  it('names the quantities whose package is cheaper than its numbers one by one', () => {
    const offer = [
      { _id: 'a', quantity: 10, price: 10 },
      { _id: 'b', quantity: 5, price: 4.5 },
      { _id: 'c', quantity: 50, price: 40 },
    ] as unknown as Package[];
    expect(discountedQuantities(offer, 1)).toEqual([5, 50]);
  });

  it('keeps the chosen numbers per raffle for the checkout', () => {
    const data = new Map<string, string>();
    const store = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    } as unknown as Storage;
    savePicks(store, 'rifa-a', [427, 5]);
    expect(readPicks(store, 'rifa-a')).toEqual([427, 5]);
    expect(readPicks(store, 'rifa-b')).toEqual([]);
  });
});
