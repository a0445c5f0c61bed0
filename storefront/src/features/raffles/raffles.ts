// What the home's cards say about the raffles beside the featured one.
import { formatCount, type RaffleSummary } from '@vag/contracts';
import { timeLeft } from '../countdown/countdown';
import { clampPercentage } from '../progress/progress';

/** The raffles on sale other than the featured one (the home shows that one above), in order. */
export function otherRafflesOnSale(raffles: readonly RaffleSummary[]): RaffleSummary[] {
  return raffles.filter((r) => r.status === 'on_sale' && !r.featured);
}

/** '45,50% vendido' on a card. */
export function soldShare(raffle: Pick<RaffleSummary, 'percentage'>): string {
  return `${clampPercentage(raffle.percentage).toFixed(2).replace('.', ',')}% vendido`;
}

/** How long a card's raffle still sells, in a few words: 'Cierra en 3 días', '… 5 h 20 min'. */
export function closesIn(endDate: string, nowMs: number): string {
  const left = timeLeft(endDate, nowMs);
  if (left.ended) return 'Venta terminada';
  if (left.days >= 2) return `Cierra en ${formatCount(left.days)} días`;
  const hours = left.days * 24 + left.hours;
  if (hours >= 1) return `Cierra en ${hours} h ${left.minutes} min`;
  return `Cierra en ${Math.max(1, left.minutes)} min`;
}
