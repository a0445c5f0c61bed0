// Past activities and their winners (home page, /sorteos and /ganadores), rendered on
// the server. A picture that is missing or does not load gives way to a drawn
// placeholder of the same size.
import {
  BUYER_TEXTS,
  DRAW_NOTICES,
  formatDate,
  safeHref,
  safeImageSrc,
  UI,
  type PastRaffle,
} from '@vag/contracts';
import { useEffect, useRef, useState } from 'react';
import { verifyHref } from '../hero/hero';
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
  const img = useRef<HTMLImageElement>(null);
  const alt = `${raffle.activityName}: ${raffle.prize}`;
  const image = safeImageSrc(raffle.image);
  // A picture that failed before hydration fired its error event unheard: look once
  // hydrated (a broken image is complete with no width).
  useEffect(() => {
    const el = img.current;
    if (el?.complete && el.naturalWidth === 0) setFailed(true);
  }, []);
  if (!image || failed)
    return (
      <div className="raffle-card-placeholder" role="img" aria-label={alt}>
        <TrophyIcon />
      </div>
    );
  return (
    <img
      ref={img}
      src={image}
      alt={alt}
      width={400}
      height={300}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

/** Drawn, not an emoji: it looks the same whatever fonts the phone has. */
function TrophyIcon() {
  return (
    <svg width="72" height="72" viewBox="0 0 64 64" aria-hidden="true">
      <path
        fill="var(--accent)"
        d="M18 6h28v6h10v6c0 8-6 14-13 15a14 14 0 0 1-8 7v8h9v8H20v-8h9v-8a14 14 0 0 1-8-7C14 32 8 26 8 18v-6h10V6Zm0 12h-4c0 4 2 8 5 9-1-3-1-6-1-9Zm28 0c0 3 0 6-1 9 3-1 5-5 5-9h-4Z"
      />
      <path fill="var(--brand)" d="M20 56h24v4H20z" />
    </svg>
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
        {raffle.winningNumber && (
          <p style={{ margin: '0.75rem 0 0' }}>
            <a href={verifyHref(raffle.winningNumber)}>
              {BUYER_TEXTS.verifyLink}
              <span className="visually-hidden"> el sorteo {raffle.activityName}</span>
            </a>
          </p>
        )}
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
