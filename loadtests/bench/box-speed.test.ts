import { expect, it } from 'vitest';
import { boxSpeed } from './box-speed';

it('counts the JSON round trips every core makes at once (0 only if a worker fails)', async () => {
  // Even a slow, busy CI box makes tens of thousands a second; a failed worker counts 0.
  expect(await boxSpeed(300)).toBeGreaterThan(5_000);
});
