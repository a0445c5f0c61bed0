// The months staff pick to filter Facturas and to export for the accountant: counted in
// Ecuador's time (as the api counts them) and named in Spanish, whatever the browser's
// language (a native month input would show the browser's own).

/** The current month as YYYY-MM in Ecuador. */
export function currentMonth(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Guayaquil',
    year: 'numeric',
    month: '2-digit',
  }).format(now);
}

/** The last `count` months, newest first: { id: '2026-11', name: 'noviembre de 2026' }. */
export function recentMonths(count = 24, now = new Date()): Array<{ id: string; name: string }> {
  const [year, month] = currentMonth(now).split('-').map(Number) as [number, number];
  const names = new Intl.DateTimeFormat('es-EC', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(year, month - 1 - i, 15));
    const id = `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
    return { id, name: names.format(date) };
  });
}
