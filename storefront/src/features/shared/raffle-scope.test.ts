import { describe, expect, it } from 'vitest';
import {
  checkoutHref,
  raffleFromQuery,
  scopedApiUrl,
  scopedKey,
  scopedPath,
  verifierHref,
} from './raffle-scope';

describe('raffle scope', () => {
  it('keeps the SPEC §7 paths for the featured raffle and scopes them for another', () => {
    expect(scopedPath(null, '/packages')).toBe('/packages');
    expect(scopedPath('rifa-express', '/packages')).toBe('/raffles/rifa-express/packages');
    expect(scopedApiUrl('rifa-express', '/raffle/raffle-progress')).toBe(
      '/api/raffles/rifa-express/raffle/raffle-progress',
    );
    expect(scopedApiUrl(null, '/raffle/raffle-progress')).toBe('/api/raffle/raffle-progress');
  });
  it('reads the raffle of ?rifa=, and none when it is absent or blank', () => {
    expect(raffleFromQuery('?rifa=Rifa-Express&paquete=p1')).toBe('rifa-express');
    expect(raffleFromQuery('?paquete=p1')).toBeNull();
    expect(raffleFromQuery('?rifa=%20')).toBeNull();
  });
  it('carries the raffle to the checkout and the verifier', () => {
    expect(checkoutHref(null)).toBe('/checkout');
    expect(checkoutHref('rifa-express')).toBe('/checkout?rifa=rifa-express');
    expect(verifierHref(null, ['0042'])).toBe('/verificar?n=0042');
    expect(verifierHref('moto', ['0042', '0107'])).toBe('/verificar?rifa=moto&n=0042,0107');
    expect(verifierHref(null)).toBe('/verificar');
  });
  it('keeps the shared queries of two raffles apart', () => {
    expect(scopedKey(null, 'packages')).toBe('packages');
    expect(scopedKey('moto', 'packages')).toBe('packages@moto');
  });
});
