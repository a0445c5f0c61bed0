import { describe, expect, it } from 'vitest';
import { isHttpUrl, isSitePath, safeHref, safeImageSrc } from './safe-url';

describe('links staff enter', () => {
  it('takes only absolute http(s) URLs as links', () => {
    expect(safeHref(' https://www.instagram.com/p/abc/ ')).toBe('https://www.instagram.com/p/abc/');
    expect(safeHref('http://facebook.com/voyaganar')).toBe('http://facebook.com/voyaganar');
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '//malo.example',
      '/media/media-1.jpg',
      '',
      null,
      undefined,
    ])
      expect(safeHref(bad), String(bad)).toBeNull();
  });

  it('takes http(s) URLs and paths on our own site as images, never data: or javascript:', () => {
    expect(safeImageSrc('/media/media-1.jpg')).toBe('/media/media-1.jpg');
    expect(safeImageSrc('https://cdn.example.ec/a.jpg')).toBe('https://cdn.example.ec/a.jpg');
    for (const bad of [
      'data:image/png;base64,AA',
      'javascript:alert(1)',
      '//x.example/a.jpg',
      '/\\x.example',
    ])
      expect(safeImageSrc(bad), bad).toBeNull();
    expect(isSitePath('/media/a b.jpg')).toBe(false);
    expect(isHttpUrl('https://')).toBe(false);
  });
});
