// A bank line's day as the statement says it. The day is read from the text
// ('2026-11-27' or an ISO instant), not through the browser's time zone, which would move
// a midnight line to the day before in Ecuador.
export function lineDate(iso: string, { year = true } = {}): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return iso;
  const [, y, m, d] = match;
  return year ? `${d}/${m}/${y}` : `${d}/${m}`;
}
