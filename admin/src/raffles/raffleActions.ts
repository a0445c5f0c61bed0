// What the operator may do with a raffle in each status (contracts' RAFFLE_ACTION_FROM),
// plus the steps that are not status changes: Sortear opens the raffle's Sorteo page,
// Duplicar opens the create form with it as template, Editar opens its page.
import { RAFFLE_ACTION_FROM, type RaffleAction, type RaffleStatus } from '@vag/contracts';

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
