import { describe, expect, it } from 'vitest';
import { drawFreePositions, NotEnoughFreeNumbersError } from './instant-prizes';

describe('drawFreePositions', () => {
  it('draws distinct positions among the unsold ones (at or after the cursor)', () => {
    for (let run = 0; run < 200; run++) {
      const positions = drawFreePositions({ nextPosition: 90, totalNumbers: 100 }, 10);
      expect(new Set(positions).size).toBe(10);
      for (const p of positions) {
        expect(p).toBeGreaterThanOrEqual(90);
        expect(p).toBeLessThan(100);
      }
    }
  });

  it('spreads over the whole unsold range', () => {
    const seen = new Set<number>();
    for (let run = 0; run < 300; run++)
      for (const p of drawFreePositions({ nextPosition: 0, totalNumbers: 50 }, 3)) seen.add(p);
    expect(seen.size).toBe(50);
  });

  it('refuses more prizes than unsold numbers', () => {
    expect(() => drawFreePositions({ nextPosition: 98, totalNumbers: 100 }, 3)).toThrow(
      NotEnoughFreeNumbersError,
    );
  });
});
