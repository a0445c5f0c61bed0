import { describe, expect, it } from 'vitest';
import { acceptFor, mediaTypeError } from './mediaRules';

describe('media slot rules', () => {
  it('takes only a GIF for the banner', () => {
    expect(mediaTypeError('banner.gif', 'image/gif')).toBeNull();
    expect(mediaTypeError('banner.gif', 'image/png')).toBe('vag.banners.wrongTypeBanner');
  });

  it('takes JPEG or PNG for the carousel images, not GIF', () => {
    expect(mediaTypeError('media-1.jpg', 'image/jpeg')).toBeNull();
    expect(mediaTypeError('media-2.jpg', 'image/png')).toBeNull();
    expect(mediaTypeError('media-3.jpg', 'image/gif')).toBe('vag.banners.wrongTypeImage');
    expect(acceptFor('media-1.jpg')).toBe('image/jpeg,image/png');
  });
});
