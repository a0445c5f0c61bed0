import type { StoredImage } from '@vag/contracts';
import { describe, expect, it } from 'vitest';
import { nextSlide, trackOffset } from './carousel';
import { heroDataComplete, heroKicker, heroSlides, srcsetOf } from './hero';

const image = (src: string, widths: number[] = []): StoredImage => ({
  src,
  width: 1280,
  height: 720,
  variants: widths.map((width) => ({ src: `${src}-${width}.webp`, width })),
});

describe('heroSlides', () => {
  it('prefers the banner gif', () => {
    const banner = image('/media/banner.gif');
    expect(
      heroSlides({ 'banner.gif': banner, 'media-1.jpg': image('/media/media-1.jpg') }, '/r.jpg'),
    ).toEqual([banner]);
  });
  it('otherwise shows the filled slots in order', () => {
    const one = image('/media/media-1.jpg');
    const three = image('/media/media-3.jpg');
    expect(heroSlides({ 'media-3.jpg': three, 'media-1.jpg': one }, '/r.jpg')).toEqual([
      one,
      three,
    ]);
  });
  it("otherwise shows the raffle's image, framed 16:9", () => {
    expect(heroSlides({}, 'https://x.ec/r.jpg')).toEqual([
      { src: 'https://x.ec/r.jpg', width: 1280, height: 720, variants: [] },
    ]);
    expect(heroSlides({}, undefined)).toEqual([]);
    expect(heroSlides({}, '')).toEqual([]);
  });
});

describe('srcsetOf', () => {
  it('lists the WebP copies with their widths', () => {
    expect(srcsetOf(image('/m', [480, 960]))).toBe('/m-480.webp 480w, /m-960.webp 960w');
    expect(srcsetOf(image('/m'))).toBeUndefined();
  });
});

describe('heroDataComplete', () => {
  it('needs id, name and prize', () => {
    expect(heroDataComplete({ _id: '1', name: 'Gran sorteo', prize: 'Auto' })).toBe(true);
    expect(heroDataComplete({ _id: '1', name: '', prize: 'Auto' })).toBe(false);
    expect(heroDataComplete(undefined)).toBe(false);
    expect(heroDataComplete(null)).toBe(false);
  });
});

describe('carousel', () => {
  it('cycles through the slides', () => {
    expect([0, 1, 2].map((i) => nextSlide(i, 3))).toEqual([1, 2, 0]);
    expect(nextSlide(0, 0)).toBe(0);
    expect(trackOffset(2)).toBe('translateX(-200%)');
  });
});

describe('heroKicker', () => {
  it('says a drawn raffle was drawn, else whether it is on sale', () => {
    expect(heroKicker(false, 'drawn')).toBe('Sorteo realizado');
    expect(heroKicker(true, 'on_sale')).toBe('Sorteo en curso');
    expect(heroKicker(false, 'closed')).toBe('Sorteo cerrado');
    expect(heroKicker(true)).toBe('Sorteo en curso');
  });
});
