// Past activities and their winners (home page, /sorteos and /ganadores), rendered on
// the server. A picture that is missing or does not load gives way to a drawn
// placeholder of the same size.
import {
  DRAW_NOTICES,
  formatDate,
  safeHref,
  safeImageSrc,
  UI,
  type PastRaffle,
} from '@vag/contracts';
import { useState } from 'react';
import { usePastRaffles } from '../shared/queries';

export default function PastRaffles({
  initial,
  winnersOnly = false,
}: {
  initial?: PastRaffle[] | null;
  winnersOnly?: boolean;
}) {
  const raffles = usePastRaffles(initial);
  if (raffles.status === 'loading') return <p className="loading">Cargando actividades...</p>;
  if (raffles.status === 'error' || raffles.data.length === 0)
    return (
      <p className="muted" style={{ textAlign: 'center' }}>
        {UI.noPastActivities}
      </p>
    );
  return (
    <ul className="raffle-grid" style={{ listStyle: 'none', padding: 0 }}>
      {raffles.data.map((raffle) => (
        <RaffleCard key={raffle._id} raffle={raffle} winnersOnly={winnersOnly} />
      ))}
    </ul>
  );
}

function RaffleImage({ raffle }: { raffle: PastRaffle }) {
  const [failed, setFailed] = useState(false);
  const alt = `${raffle.activityName}: ${raffle.prize}`;
  const image = safeImageSrc(raffle.image);
  if (!image || failed)
    return (
      <div className="raffle-card-placeholder" role="img" aria-label={alt}>
        <span aria-hidden="true">🏆</span>
      </div>
    );
  return (
    <img
      src={image}
      alt={alt}
      width={400}
      height={300}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      // A picture that failed before hydration has already fired its error event.
      ref={(img) => {
        if (img?.complete && img.naturalWidth === 0 && img.currentSrc) setFailed(true);
      }}
    />
  );
}

function RaffleCard({ raffle, winnersOnly }: { raffle: PastRaffle; winnersOnly: boolean }) {
  const instagram = safeHref(raffle.instagramPostUrl);
  return (
    <li className="card raffle-card">
      <RaffleImage raffle={raffle} />
      <div className="raffle-card-body">
        <h3>{winnersOnly ? raffle.winner : raffle.activityName}</h3>
        <dl>
          {winnersOnly && (
            <>
              <dt>Sorteo</dt>
              <dd>{raffle.activityName}</dd>
            </>
          )}
          <dt>Fecha</dt>
          <dd>{formatDate(raffle.date)}</dd>
          <dt>Premio</dt>
          <dd>{raffle.prize}</dd>
          {raffle.winningNumber && (
            <>
              <dt>{DRAW_NOTICES.winningNumberLabel}</dt>
              <dd>{raffle.winningNumber}</dd>
            </>
          )}
          {!winnersOnly && (
            <>
              <dt>Ganador</dt>
              <dd>{raffle.winner}</dd>
            </>
          )}
        </dl>
        {instagram && (
          <p style={{ margin: '0.75rem 0 0' }}>
            <a href={instagram} target="_blank" rel="noopener noreferrer">
              Ver en Instagram
              <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
            </a>
          </p>
        )}
      </div>
    </li>
  );
}
