import { describe, expect, it } from 'vitest';
import { createQueryClient, retryDelay, withRetry } from './query';

const recordingSleep = () => {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
};

describe('retryDelay', () => {
  it('doubles from one second and never exceeds 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });
});

describe('withRetry', () => {
  it('retries a failing call three times with growing waits, then gives up', async () => {
    const { waits, sleep } = recordingSleep();
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw new Error('caído');
        },
        { sleep },
      ),
    ).rejects.toThrow('caído');
    expect(calls).toBe(4);
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it('returns the first success after failures', async () => {
    const { sleep } = recordingSleep();
    let calls = 0;
    const value = await withRetry(
      async () => {
        if (++calls < 3) throw new Error('todavía no');
        return 'ok';
      },
      { sleep },
    );
    expect(value).toBe('ok');
    expect(calls).toBe(3);
  });

  it('does not retry an error marked final', async () => {
    const { waits, sleep } = recordingSleep();
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw new Error('404');
        },
        { sleep, isFinal: () => true },
      ),
    ).rejects.toThrow('404');
    expect(calls).toBe(1);
    expect(waits).toEqual([]);
  });
});

describe('createQueryClient', () => {
  it('shares one request between callers of the same key', async () => {
    const client = createQueryClient();
    let calls = 0;
    const fn = async () => ++calls;
    const [a, b] = await Promise.all([client.fetch('k', fn), client.fetch('k', fn)]);
    expect([a, b, calls]).toEqual([1, 1, 1]);
  });

  it('keeps an answer for five minutes, then asks again', async () => {
    let time = 0;
    const client = createQueryClient({ now: () => time });
    let calls = 0;
    const fn = async () => ++calls;
    await client.fetch('k', fn);
    time = 5 * 60 * 1000 - 1;
    expect(await client.fetch('k', fn)).toBe(1);
    time = 5 * 60 * 1000;
    expect(await client.fetch('k', fn)).toBe(2);
  });

  it('reports loading, then success, to subscribers', async () => {
    const client = createQueryClient();
    const seen: string[] = [client.getState('k').status];
    client.subscribe('k', () => seen.push(client.getState('k').status));
    await client.fetch('k', async () => 'dato');
    expect(seen).toEqual(['loading', 'success']);
    expect(client.getState('k').data).toBe('dato');
  });

  it('reports the error after the retries are spent', async () => {
    const { sleep } = recordingSleep();
    const client = createQueryClient({ sleep });
    await expect(client.fetch('k', async () => Promise.reject(new Error('falló')))).rejects.toThrow(
      'falló',
    );
    expect(client.getState('k')).toMatchObject({ status: 'error' });
  });

  it('asks again after invalidate', async () => {
    const client = createQueryClient();
    let calls = 0;
    const fn = async () => ++calls;
    await client.fetch('k', fn);
    client.invalidate('k');
    expect(await client.fetch('k', fn)).toBe(2);
  });
});
