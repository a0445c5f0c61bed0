import { describe, expect, it } from 'vitest';
import { socialLinks, whatsappLink } from './contact';

describe('whatsappLink', () => {
  it('turns an Ecuadorian number into a wa.me link', () => {
    expect(whatsappLink('099 123 4567')).toBe('https://wa.me/593991234567');
    expect(whatsappLink('+593991234567', 'Hola')).toBe('https://wa.me/593991234567?text=Hola');
    expect(whatsappLink('')).toBeNull();
  });
});

describe('socialLinks', () => {
  it('lists only the networks with a link', () => {
    expect(
      socialLinks({
        facebook: 'https://fb.com/x',
        instagram: '',
        tiktok: ' https://tiktok.com/@x ',
      }),
    ).toEqual([
      { label: 'Facebook', href: 'https://fb.com/x' },
      { label: 'TikTok', href: 'https://tiktok.com/@x' },
    ]);
  });
});
