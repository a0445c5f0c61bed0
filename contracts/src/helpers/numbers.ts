// Raffle numbers are zero-padded to the width of the largest one (0…N−1).

/** Digits of the largest number of a raffle of `total`: 10000 → 4 ('0000'…'9999'). */
export function numberWidthFor(total: number): number {
  return Math.max(1, String(Math.max(0, Math.trunc(total) - 1)).length);
}

/** 7 → '0007' for width 4. */
export function padNumber(n: number | string, width: number): string {
  return String(n).padStart(width, '0');
}

/**
 * Numbers as sorted runs: ['0001-0003', '0007']. A run joins numbers one apart of the
 * same width, so a big purchase reads in a few items instead of thousands.
 */
export function numberRuns(numbers: readonly string[]): string[] {
  const sorted = [...numbers].sort((a, b) => a.length - b.length || a.localeCompare(b));
  const runs: string[] = [];
  let start: string | undefined;
  let end: string | undefined;
  const close = () => {
    if (start !== undefined) runs.push(start === end ? start : `${start}-${end}`);
  };
  for (const n of sorted) {
    const next =
      end !== undefined &&
      /^\d+$/.test(n) &&
      n.length === end.length &&
      Number(n) === Number(end) + 1;
    if (next) end = n;
    else {
      close();
      start = n;
      end = n;
    }
  }
  close();
  return runs;
}

/**
 * The runs that fit in `maxChars`, joined by ', ', then how many numbers were left out
 * ('0001-0003, 0007 y 9712 más'); `more` words that tail (an SMS spells it without accents).
 */
export function numbersSummary(
  numbers: readonly string[],
  maxChars: number,
  more: (count: number) => string = (count) => ` y ${count} más`,
): string {
  const runs = numberRuns(numbers);
  const shown: string[] = [];
  let length = 0;
  let covered = 0;
  for (const run of runs) {
    const add = (shown.length ? 2 : 0) + run.length;
    if (length + add > maxChars) break;
    shown.push(run);
    length += add;
    covered += runSize(run);
  }
  const left = numbers.length - covered;
  return left > 0 ? `${shown.join(', ')}${more(left)}` : shown.join(', ');
}

function runSize(run: string): number {
  const [from, to] = run.split('-');
  return to === undefined ? 1 : Number(to) - Number(from) + 1;
}
