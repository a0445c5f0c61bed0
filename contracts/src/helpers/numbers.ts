// Raffle numbers are zero-padded to the width of the largest one (0…N−1).

/** Digits of the largest number of a raffle of `total`: 10000 → 4 ('0000'…'9999'). */
export function numberWidthFor(total: number): number {
  return Math.max(1, String(Math.max(0, Math.trunc(total) - 1)).length);
}

/** 7 → '0007' for width 4. */
export function padNumber(n: number | string, width: number): string {
  return String(n).padStart(width, '0');
}
