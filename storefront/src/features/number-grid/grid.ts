// Pure rules of the number grid of a pick-mode raffle: reading the two bitmaps of
// GET /api/raffles/{slug}/number-grid (numberGridSchema), the state of one number, the
// pages of a large raffle, the search for one number, and what a 409 leaves of a selection.
import { gridBit, MAX_PICKED_PER_ORDER, PICK_TEXTS, type NumberGrid } from '@vag/contracts';

export type CellState = 'free' | 'held' | 'sold' | 'mine';

/** A grid read once: the bitmaps decoded, so each cell is one bit test. */
export interface GridView {
  total: number;
  width: number;
  version: string;
  held: Uint8Array;
  sold: Uint8Array;
}

/** Numbers shown per page: a 10 × 10 block a thumb can still hit at 390 px. */
export const PAGE_SIZE = 100;

export function decodeBitmap(base64: string): Uint8Array {
  const raw = atob(base64);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export function gridView(grid: NumberGrid): GridView {
  return {
    total: grid.totalNumbers,
    width: grid.numberWidth,
    version: grid.version,
    held: decodeBitmap(grid.held),
    sold: decodeBitmap(grid.sold),
  };
}

/** Number i as the raffle prints it: 427 → '0427' in a 10 000-number raffle. */
export function formatNumber(i: number, width: number): string {
  return String(i).padStart(width, '0');
}

/** Sold wins over held; the buyer's own choice shows only on a number still free. */
export function cellState(view: GridView, i: number, mine: ReadonlySet<number>): CellState {
  if (gridBit(view.sold, i)) return 'sold';
  if (gridBit(view.held, i)) return 'held';
  return mine.has(i) ? 'mine' : 'free';
}

export function isFree(view: GridView, i: number): boolean {
  return !gridBit(view.sold, i) && !gridBit(view.held, i);
}

export const STATE_WORDS: Record<CellState, string> = {
  free: PICK_TEXTS.gridLegendFree,
  held: PICK_TEXTS.gridLegendHeld,
  sold: PICK_TEXTS.gridLegendSold,
  mine: PICK_TEXTS.gridLegendMine,
};

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}

export function pageOf(i: number): number {
  return Math.floor(i / PAGE_SIZE);
}

/** The numbers of one page: first and last (inclusive). */
export function pageRange(page: number, total: number): { first: number; last: number } {
  const first = page * PAGE_SIZE;
  return { first, last: Math.min(total, first + PAGE_SIZE) - 1 };
}

export function pageLabel(page: number, view: Pick<GridView, 'total' | 'width'>): string {
  const { first, last } = pageRange(page, view.total);
  return `${formatNumber(first, view.width)}–${formatNumber(last, view.width)}`;
}

/**
 * The grid's pages: every number in ranges of PAGE_SIZE, or with "Solo libres" only the
 * free ones (the buyer's own choices are free too), PAGE_SIZE a page, so a nearly sold
 * raffle still fills its pages and a jump lands on the nearest free number.
 */
export interface GridPages {
  count: number;
  numbersOf(page: number): number[];
  /** The page that shows number i, or (free only) the first free number from i. */
  pageOf(i: number): number;
  label(page: number): string;
}

export function gridPages(view: GridView, onlyFree: boolean): GridPages {
  if (!onlyFree)
    return {
      count: pageCount(view.total),
      numbersOf(page) {
        const { first, last } = pageRange(page, view.total);
        return Array.from({ length: Math.max(0, last - first + 1) }, (_, k) => first + k);
      },
      pageOf,
      label: (page) => pageLabel(page, view),
    };
  const free = freeNumbers(view);
  const count = Math.max(1, Math.ceil(free.length / PAGE_SIZE));
  const numbersOf = (page: number) => free.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  return {
    count,
    numbersOf,
    pageOf: (i) => Math.min(count - 1, Math.floor(firstAtLeast(free, i) / PAGE_SIZE)),
    label(page) {
      const shown = numbersOf(page);
      const [first, last] = [shown[0], shown[shown.length - 1]];
      if (first === undefined || last === undefined) return '';
      return `${formatNumber(first, view.width)}–${formatNumber(last, view.width)}`;
    },
  };
}

/** The free numbers, ascending. */
export function freeNumbers(view: GridView): number[] {
  const free: number[] = [];
  for (let i = 0; i < view.total; i++) if (isFree(view, i)) free.push(i);
  return free;
}

/** Position of the first value ≥ i in an ascending list (its length if none). */
function firstAtLeast(sorted: readonly number[], i: number): number {
  let [lo, hi] = [0, sorted.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < i) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export type SearchAnswer =
  | { kind: 'found'; index: number; number: string; state: CellState }
  | { kind: 'problem'; message: string };

/** "¿Está libre el 0427?": the number typed, its state, or why it is no number of this raffle. */
export function searchNumber(
  input: string,
  view: GridView,
  mine: ReadonlySet<number>,
): SearchAnswer | null {
  const text = input.trim();
  if (text === '') return null;
  if (!/^\d{1,6}$/.test(text)) return { kind: 'problem', message: PICK_TEXTS.notANumber(text) };
  const index = Number(text);
  if (index >= view.total)
    return {
      kind: 'problem',
      message: PICK_TEXTS.outOfRange(text, formatNumber(view.total - 1, view.width)),
    };
  return {
    kind: 'found',
    index,
    number: formatNumber(index, view.width),
    state: cellState(view, index, mine),
  };
}

/** What the search says of a found number, in a sentence. */
export function searchSentence(answer: Extract<SearchAnswer, { kind: 'found' }>): string {
  switch (answer.state) {
    case 'free':
      return `El ${answer.number} está libre.`;
    case 'mine':
      return `El ${answer.number} ya está en tu selección.`;
    case 'held':
      return `El ${answer.number} está apartado por otro pedido.`;
    case 'sold':
      return `El ${answer.number} ya fue vendido.`;
  }
}

/**
 * A selection after a 409 or a fresh grid: the taken numbers go, every other choice
 * stays, in the buyer's order. `lost` names the ones removed, padded as printed.
 */
export function withoutTaken(
  selection: readonly number[],
  taken: Iterable<number>,
): { kept: number[]; lost: number[] } {
  const gone = new Set(taken);
  const kept: number[] = [];
  const lost: number[] = [];
  for (const n of selection) (gone.has(n) ? lost : kept).push(n);
  return { kept, lost };
}

/** The chosen numbers another order took since the buyer chose them (seen on a fresh grid). */
export function takenSince(view: GridView, selection: readonly number[]): number[] {
  return selection.filter((i) => i < view.total && !isFree(view, i));
}

/** The taken numbers of a create-order 409 ({error, takenNumbers}) as indexes. */
export function takenIndexes(takenNumbers: readonly string[]): number[] {
  return takenNumbers.map(Number).filter((n) => Number.isInteger(n) && n >= 0);
}

/** Adds a number, or takes it out; never more than `max` (the package's quantity, if any). */
export function toggle(selection: readonly number[], i: number, max: number | null): number[] {
  if (selection.includes(i)) return selection.filter((n) => n !== i);
  if (max !== null && selection.length >= max) return [...selection];
  return [...selection, i];
}

/** How many more numbers the package's quantity asks for (none without a package). */
export function missingCount(selection: readonly number[], target: number | null): number {
  return target === null ? 0 : Math.max(0, target - selection.length);
}

/**
 * The maquinita's one rule, on the raffle page and at checkout alike: it adds as many
 * free numbers as "Cuántos al azar" says; left as offered, that is what the package still asks
 * for, else 1. Never past the package's quantity. Answers the count, or why not.
 */
export function machineCount(
  typed: string,
  selection: readonly number[],
  target: number | null,
): { count: number } | { problem: string } {
  const room =
    target === null ? MAX_PICKED_PER_ORDER - selection.length : missingCount(selection, target);
  if (room <= 0)
    return {
      problem: `Ya elegiste tus ${target ?? selection.length} números. Quita uno para cambiarlo.`,
    };
  const text = typed.trim();
  if (text === '') return { count: Math.min(room, machineDefault(selection, target)) };
  const count = /^\d{1,6}$/.test(text) ? Number(text) : NaN;
  if (!(count >= 1 && count <= room)) return { problem: PICK_TEXTS.countInvalid(room) };
  return { count };
}

/** What "Cuántos al azar" offers: the numbers the package still asks for, else 1. */
export function machineDefault(selection: readonly number[], target: number | null): number {
  return missingCount(selection, target) || 1;
}
