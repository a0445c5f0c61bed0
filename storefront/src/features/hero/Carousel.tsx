// A small carousel: one slide, autoplay, dots, no arrows (SPEC §9). Pauses while the
// pointer or keyboard focus is on it so a visitor can read a slide.
import { TIMINGS } from '@vag/contracts';
import { useEffect, useState } from 'react';
import { nextSlide, trackOffset } from './carousel';

export function Carousel({ srcs, alt }: { srcs: string[]; alt: string }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused || srcs.length < 2) return;
    const timer = setInterval(
      () => setIndex((i) => nextSlide(i, srcs.length)),
      TIMINGS.carouselAutoplayMs,
    );
    return () => clearInterval(timer);
  }, [paused, srcs.length]);

  return (
    <div
      className="carousel"
      role="region"
      aria-roledescription="carrusel"
      aria-label={alt}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div
        className="carousel-track"
        style={{
          transform: trackOffset(index),
          transitionDuration: `${TIMINGS.carouselSpeedMs}ms`,
        }}
      >
        {srcs.map((src, i) => (
          <div className="carousel-slide" key={src} aria-hidden={i !== index}>
            <img
              src={src}
              alt={`${alt} — imagen ${i + 1} de ${srcs.length}`}
              loading={i === 0 ? 'eager' : 'lazy'}
            />
          </div>
        ))}
      </div>
      {srcs.length > 1 && (
        <div className="carousel-dots">
          {srcs.map((src, i) => (
            <button
              key={src}
              type="button"
              className="carousel-dot"
              aria-label={`Ir a la imagen ${i + 1}`}
              aria-current={i === index}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
