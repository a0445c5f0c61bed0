// Past activities and their winners (home page, /sorteos and /ganadores).
import { formatDate, UI, type PastRaffle } from '@vag/contracts';
import { usePastRaffles } from '../shared/queries';

export default function PastRaffles({ winnersOnly = false }: { winnersOnly?: boolean }) {
  const raffles = usePastRaffles();
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

function RaffleCard({ raffle, winnersOnly }: { raffle: PastRaffle; winnersOnly: boolean }) {
  return (
    <li className="card raffle-card">
      {raffle.image && (
        <img src={raffle.image} alt={`${raffle.activityName}: ${raffle.prize}`} loading="lazy" />
      )}
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
          {!winnersOnly && (
            <>
              <dt>Ganador</dt>
              <dd>{raffle.winner}</dd>
            </>
          )}
        </dl>
        {raffle.instagramPostUrl && (
          <p style={{ margin: '0.75rem 0 0' }}>
            <a href={raffle.instagramPostUrl} target="_blank" rel="noopener noreferrer">
              Ver en Instagram
              <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
            </a>
          </p>
        )}
      </div>
    </li>
  );
}
