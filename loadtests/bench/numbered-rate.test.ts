import { expect, it } from 'vitest';
import { numberedRate } from './numbered-rate';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 27, 22, 0, 0) + seconds * 1000);

it('counts the purchases numbered per second from the first order to the last numbers', () => {
  // 120 orders over a minute, each numbered 200 ms after it was placed.
  const rows = Array.from({ length: 120 }, (_, i) => ({
    createdAt: at(i / 2),
    numbersAssignedAt: at(i / 2 + 0.2),
  }));
  const rate = numberedRate(rows);
  expect(rate.spanSeconds).toBeCloseTo(59.7, 5);
  expect(rate.perSecond).toBeCloseTo(120 / 59.7, 5);
});

it('lowers the rate when the numbers fall behind the orders', () => {
  const keepingUp = Array.from({ length: 60 }, (_, i) => ({
    createdAt: at(i),
    numbersAssignedAt: at(i + 0.1),
  }));
  // The same orders, the last of them numbered ten seconds late.
  const behind = keepingUp.map((row, i) => ({
    ...row,
    numbersAssignedAt: i < 50 ? row.numbersAssignedAt : at(69),
  }));
  expect(numberedRate(behind).perSecond).toBeLessThan(numberedRate(keepingUp).perSecond);
  expect(numberedRate(behind).spanSeconds).toBe(69);
});

it('leaves out purchases still waiting for their numbers, but starts at the first order', () => {
  const rows = [
    { createdAt: at(0) },
    { createdAt: at(1), numbersAssignedAt: at(3) },
    { createdAt: at(2), numbersAssignedAt: at(4) },
  ];
  expect(numberedRate(rows)).toEqual({ perSecond: 0.5, spanSeconds: 4 });
  expect(numberedRate([{ createdAt: at(0) }])).toEqual({ perSecond: 0, spanSeconds: 0 });
});
