// Instant-prize numbers: buy one of these numbers and win the amount at once. Dimmed
// and not clickable when the raffle is inactive (SPEC §4).
import {
  ERRORS,
  formatUsd,
  instantPrizePublicLabel,
  UI,
  type InstantPrize,
  type Raffle,
} from '@vag/contracts';
import { useInstantPrizes, useRaffle } from '../shared/queries';
import type { RaffleRef } from '../shared/raffle-scope';

export default function InstantPrizes({
  initialPrizes,
  initialRaffle,
  raffleRef = null,
}: {
  initialPrizes?: InstantPrize[] | null;
  initialRaffle?: Raffle | null;
  raffleRef?: RaffleRef;
}) {
  const prizes = useInstantPrizes(initialPrizes, raffleRef);
  const raffleQuery = useRaffle(initialRaffle, raffleRef);
  const disabled = !(raffleQuery.data?.isActive ?? false);

  if (prizes.status === 'loading') return <p className="loading">Cargando premios...</p>;
  if (prizes.status === 'error')
    return (
      <p className="alert alert-error" role="alert">
        {ERRORS.instantPrizes}
      </p>
    );
  if (prizes.data.length === 0)
    return (
      <p className="muted" style={{ textAlign: 'center' }}>
        {UI.noInstantPrizes}
      </p>
    );
  return (
    <ul
      className={disabled ? 'prize-grid is-disabled' : 'prize-grid'}
      aria-disabled={disabled || undefined}
      style={{ listStyle: 'none', padding: 0 }}
      data-testid="instant-prizes"
    >
      {prizes.data.map((prize) => (
        <li
          key={prize._id}
          className={prize.delivered ? 'card prize-card prize-delivered' : 'card prize-card'}
        >
          <div className="prize-number">{prize.number}</div>
          <div className="prize-amount">{formatUsd(prize.prizeAmount)}</div>
          <div className="prize-label">{instantPrizePublicLabel(prize)}</div>
        </li>
      ))}
    </ul>
  );
}
