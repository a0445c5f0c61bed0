// Hero island: the current draw, its background media and the call to action, which
// is disabled once the raffle is inactive (SPEC §4).
import { ERRORS, formatDateTime, formatUsd, UI } from '@vag/contracts';
import { useEffect, useState } from 'react';
import { useLottery } from '../shared/queries';
import { Carousel } from './Carousel';
import {
  BANNER_URL,
  heroDataComplete,
  imageLoads,
  pickHeroMedia,
  SLOT_URLS,
  type HeroMedia,
} from './hero';

function useHeroMedia(raffleImage: string | undefined): HeroMedia | null {
  const [probes, setProbes] = useState<{ banner: boolean; slots: boolean[] } | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all([imageLoads(BANNER_URL), ...SLOT_URLS.map(imageLoads)]).then(
      ([banner = false, ...slots]) => {
        if (live) setProbes({ banner, slots });
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return probes ? pickHeroMedia(probes.banner, probes.slots, raffleImage) : null;
}

export default function Hero() {
  const lottery = useLottery();
  const raffle = lottery.data;
  const media = useHeroMedia(raffle?.imageUrl || undefined);
  const alt = raffle?.name ? `Sorteo ${raffle.name}` : 'Sorteo actual';

  return (
    <>
      {media && media.kind !== 'none' && (
        <div className="hero-media">
          {media.kind === 'banner' && <img src={media.src} alt={alt} />}
          {media.kind === 'carousel' && <Carousel srcs={media.srcs} alt={alt} />}
          {media.kind === 'image' && <img src={media.src} alt={alt} />}
        </div>
      )}
      <div className="hero-body container">
        {lottery.status === 'loading' && (
          <p className="loading" style={{ color: '#ddd6fe' }}>
            Cargando sorteo...
          </p>
        )}
        {lottery.status === 'error' && (
          <>
            <p className="alert alert-error" role="alert">
              {ERRORS.hero}
            </p>
            <p className="alert alert-error" role="alert">
              {ERRORS.raffleInfo}
            </p>
          </>
        )}
        {lottery.status === 'success' && !heroDataComplete(raffle) && (
          <p className="alert alert-error" role="alert">
            {ERRORS.hero}
          </p>
        )}
        {lottery.status === 'success' && heroDataComplete(raffle) && (
          <>
            <h1 className="hero-title">{raffle.name}</h1>
            <p className="hero-prize">
              Premio: <strong>{raffle.prize}</strong>
            </p>
            <p className="hero-meta">
              <span>{formatUsd(raffle.pricePerNumber)} por número</span>
              {raffle.endDate && <span>Cierre: {formatDateTime(raffle.endDate)}</span>}
            </p>
            {raffle.isActive ? (
              <a className="btn btn-primary btn-lg" href="#sectionPackages">
                {UI.participate}
              </a>
            ) : (
              <button className="btn btn-primary btn-lg" type="button" disabled>
                {UI.cannotParticipate}
              </button>
            )}
          </>
        )}
      </div>
    </>
  );
}
