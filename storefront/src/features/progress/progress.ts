import { formatCount, type Progress } from '@vag/contracts';

/** How often an open page asks for the sales progress again. */
export const PROGRESS_POLL_MS = 15_000;

/** Where the page asks for it (relative to /api; a raffle's page asks under its own prefix). */
export const PROGRESS_PATH = '/raffle/raffle-progress';
export const PROGRESS_URL = `/api${PROGRESS_PATH}`;

/** A percentage safe to draw: a number within 0–100. */
export function clampPercentage(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

/** The big figure above the bar: '12,50%' (es-EC, as every figure on the site). */
export function percentText(progress: Progress): string {
  return `${clampPercentage(progress.percentage).toFixed(2).replace('.', ',')}%`;
}

/** The line under the bar: '10 de 1.000 números vendidos'. */
export function soldText({ assigned, total }: Progress): string {
  return `${formatCount(assigned)} de ${formatCount(total)} números vendidos`;
}

/**
 * Numbers a buyer can still get: the free count when the server gives it (numbers held by
 * unpaid orders are not free), else what is not sold.
 */
export function freeNumbers(progress: Progress): number {
  return progress.available ?? Math.max(0, progress.total - progress.assigned);
}
