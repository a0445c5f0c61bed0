import { describe, expect, it } from 'vitest';
import { nextSlide, trackOffset } from './carousel';
import { heroDataComplete, pickHeroMedia } from './hero';

describe('pickHeroMedia', () => {
  it('prefers the banner gif when it loads', () => {
    expect(pickHeroMedia(true, [true, true, true], '/r.jpg')).toEqual({
      kind: 'banner',
      src: '/media/banner.gif',
    });
  });
  it('otherwise shows a carousel of the slot images that load', () => {
    expect(pickHeroMedia(false, [true, false, true], '/r.jpg')).toEqual({
      kind: 'carousel',
      srcs: ['/media/media-1.jpg', '/media/media-3.jpg'],
    });
  });
  it("otherwise shows the raffle's image", () => {
    expect(pickHeroMedia(false, [false, false, false], '/r.jpg')).toEqual({
      kind: 'image',
      src: '/r.jpg',
    });
    expect(pickHeroMedia(false, [], undefined)).toEqual({ kind: 'none' });
  });
});

describe('heroDataComplete', () => {
  it('needs id, name and prize', () => {
    expect(heroDataComplete({ _id: '1', name: 'Gran sorteo', prize: 'Auto' })).toBe(true);
    expect(heroDataComplete({ _id: '1', name: '', prize: 'Auto' })).toBe(false);
    expect(heroDataComplete(undefined)).toBe(false);
  });
});

describe('carousel', () => {
  it('cycles through the slides', () => {
    expect([0, 1, 2].map((i) => nextSlide(i, 3))).toEqual([1, 2, 0]);
    expect(nextSlide(0, 0)).toBe(0);
    expect(trackOffset(2)).toBe('translateX(-200%)');
  });
});
