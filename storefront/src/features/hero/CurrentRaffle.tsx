// The current draw as a compact card (/sorteos).
import { ERRORS, formatDateTime, formatUsd, UI } from '@vag/contracts';
import { useLottery } from '../shared/queries';
import { heroDataComplete } from './hero';

export default function CurrentRaffle() {
  const lottery = useLottery();
  if (lottery.status === 'loading') return <p className="loading">Cargando sorteo...</p>;
  if (lottery.status === 'error' || !heroDataComplete(lottery.data))
    return (
      <p className="alert alert-error" role="alert">
        {ERRORS.raffleInfo}
      </p>
    );
  const raffle = lottery.data;
  return (
    <div>
      {raffle.imageUrl && (
        <img
          src={raffle.imageUrl}
          alt={`Sorteo ${raffle.name}`}
          style={{ borderRadius: 12, margin: '0 auto 1rem', maxHeight: 320, objectFit: 'cover' }}
        />
      )}
      <h3 style={{ fontSize: '1.4rem' }}>{raffle.name}</h3>
      <p>
        Premio: <strong>{raffle.prize}</strong> · {formatUsd(raffle.pricePerNumber)} por número
      </p>
      {raffle.endDate && <p className="muted">Cierre: {formatDateTime(raffle.endDate)}</p>}
      {raffle.isActive ? (
        <a className="btn btn-primary" href="/#sectionPackages">
          {UI.participate}
        </a>
      ) : (
        <button className="btn btn-primary" type="button" disabled>
          {UI.cannotParticipate}
        </button>
      )}
    </div>
  );
}
