// What the operator may do with a raffle in each status (contracts' RAFFLE_ACTION_FROM),
// plus the steps that are not status changes: Sortear opens the raffle's Sorteo page,
// Duplicar opens the create form with it as template, Editar opens its page.
import {
  RAFFLE_ACTION_FROM,
  type RaffleAction,
  type RaffleStatus,
  type RaffleTrust,
} from '@vag/contracts';

export type RaffleStep = RaffleAction | 'draw' | 'duplicate' | 'edit';

/** Status changes, in the order of a raffle's life; each is confirmed before it is sent. */
const LIFE: readonly RaffleAction[] = ['publish', 'close', 'reopen', 'archive'];

export function stepsFor(raffle: { status: RaffleStatus; featured: boolean }): RaffleStep[] {
  const steps: RaffleStep[] = LIFE.filter((a) => RAFFLE_ACTION_FROM[a].includes(raffle.status));
  // The draw is recorded once the sale is closed (the Sorteo page says what it waits for).
  if (raffle.status === 'closed') steps.push('draw');
  if (!raffle.featured && RAFFLE_ACTION_FROM.feature.includes(raffle.status)) steps.push('feature');
  steps.push('duplicate', 'edit');
  return steps;
}

export function isStatusAction(step: RaffleStep): step is RaffleAction {
  return step !== 'draw' && step !== 'duplicate' && step !== 'edit';
}

/** What a buyer's trust page can show beyond the draw rule and its record. */
export type TrustGap = 'organizer' | 'permit' | 'prizeProof' | 'liveStream';

/**
 * What the raffle's trust page will not show yet, said before it is published: the
 * organizer (Ajustes), the permit, the prize's proof and the draw's stream (its
 * Confianza tab). Empty when everything is filled.
 */
export function trustGaps(trust: RaffleTrust | undefined, organizerName: string): TrustGap[] {
  const gaps: TrustGap[] = [];
  if (!organizerName.trim()) gaps.push('organizer');
  if (!trust?.permitReference.trim() && !trust?.permitDocument) gaps.push('permit');
  if (!trust?.prizeProofImages.length && !trust?.prizeInvoice) gaps.push('prizeProof');
  if (!trust?.liveStreamUrl.trim()) gaps.push('liveStream');
  return gaps;
}
