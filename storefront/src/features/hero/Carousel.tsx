// A small carousel: one slide, autoplay, dots, no arrows (SPEC §9). Pauses while the
// pointer or keyboard focus is on it so a visitor can read a slide.
import { TIMINGS, type StoredImage } from '@vag/contracts';
import { useEffect, useState } from 'react';
import { nextSlide, trackOffset } from './carousel';
import { HeroImage } from './HeroImage';

export default function Carousel({ slides, alt }: { slides: StoredImage[]; alt: string }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused || slides.length < 2) return;
    const timer = setInterval(
      () => setIndex((i) => nextSlide(i, slides.length)),
      TIMINGS.carouselAutoplayMs,
    );
    return () => clearInterval(timer);
  }, [paused, slides.length]);

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
        {slides.map((slide, i) => (
          <div className="carousel-slide" key={slide.src} aria-hidden={i !== index}>
            <HeroImage
              image={slide}
              alt={`${alt} — imagen ${i + 1} de ${slides.length}`}
              priority={i === 0}
            />
          </div>
        ))}
      </div>
      {slides.length > 1 && (
        <div className="carousel-dots">
          {slides.map((slide, i) => (
            <button
              key={slide.src}
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
