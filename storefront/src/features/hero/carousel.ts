// Carousel arithmetic (SPEC §9: one slide at a time, autoplay every 5 s, 500 ms slide).
export function nextSlide(current: number, count: number): number {
  return count === 0 ? 0 : (current + 1) % count;
}

export function trackOffset(index: number): string {
  return `translateX(-${index * 100}%)`;
}
