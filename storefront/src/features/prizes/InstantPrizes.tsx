// Instant-prize numbers: buy one of these numbers and win the amount at once. Dimmed
// and not clickable when the raffle is inactive (SPEC §4). In a raffle where buyers
// choose their numbers an unwon prize's number is secret (DESIGN, instant prizes): the
// card shows its amount, the note says why and where its hash is checked.
import {
  ERRORS,
  formatUsd,
  instantPrizePublicLabel,
  PRIZE_DISCLOSURE_TEXTS,
  prizeNumbersSealed,
  UI,
  type PublicInstantPrize,
  type Raffle,
} from '@vag/contracts';
import { useInstantPrizes, useRaffle } from '../shared/queries';
import { verifierHref, type RaffleRef } from '../shared/raffle-scope';

export default function InstantPrizes({
  initialPrizes,
  initialRaffle,
  raffleRef = null,
}: {
  initialPrizes?: PublicInstantPrize[] | null;
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
  const sealed = prizeNumbersSealed(prizes.data);
  return (
    <>
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
            {prize.number === null ? (
              <div className="prize-number prize-hidden" aria-label={PRIZE_DISCLOSURE_TEXTS.hidden}>
                ???
              </div>
            ) : (
              <div className="prize-number">{prize.number}</div>
            )}
            <div className="prize-amount">{formatUsd(prize.prizeAmount)}</div>
            <div className="prize-label">{instantPrizePublicLabel(prize)}</div>
          </li>
        ))}
      </ul>
      {sealed && (
        <p className="muted prize-note" data-testid="instant-prizes-sealed">
          {PRIZE_DISCLOSURE_TEXTS.sealedNote}{' '}
          <a href={verifierHref(raffleRef)}>{PRIZE_DISCLOSURE_TEXTS.sealedLink}</a>.
        </p>
      )}
    </>
  );
}
