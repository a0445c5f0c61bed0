/** How often an open page asks for the sales progress again. */
export const PROGRESS_POLL_MS = 15_000;

/** A percentage safe to draw: a number within 0–100. */
export function clampPercentage(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}
