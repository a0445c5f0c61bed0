// The current draw as a compact card (/sorteos), rendered on the server.
import { ERRORS, formatDateTime, formatUsd, safeImageSrc, UI, type Raffle } from '@vag/contracts';
import { heroDataComplete } from './hero';

export default function CurrentRaffle({ raffle }: { raffle: Raffle | null }) {
  if (!heroDataComplete(raffle))
    return (
      <p className="alert alert-error" role="alert">
        {ERRORS.raffleInfo}
      </p>
    );
  const image = safeImageSrc(raffle.imageUrl);
  return (
    <div>
      {image && (
        <img
          className="current-raffle-image"
          src={image}
          alt={`Sorteo ${raffle.name}`}
          width={1280}
          height={720}
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
