import { describe, expect, it } from 'vitest';
import { RequestPathFirst, type BackgroundSlots } from './request-path-first';

const WINDOW = 500;

/** A gauge on a clock and a CPU the test sets, and a consumer of 16 slots. */
function setup() {
  const box = { t: 0, busy: 0 };
  const path = new RequestPathFirst({
    windowMs: WINDOW,
    now: () => box.t,
    cpuBusy: () => box.busy,
  });
  const sends = path.slots(16);
  /** One window with `requests` purchase requests in it, on a box this busy, and its verdict. */
  const window = (requests: number, busy: number) => {
    for (let i = 0; i < requests; i++) path.requestServed();
    box.busy = busy;
    box.t += WINDOW;
    void sends.limit;
  };
  return { box, path, window, sends };
}

/** A task that runs until the test ends it. */
function held() {
  let end!: () => void;
  const done = new Promise<void>((resolve) => (end = resolve));
  return { task: () => done, end };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** `count` tasks handed to the slots at once, each running until the test ends it. */
async function runHeld(sends: BackgroundSlots, count: number) {
  const tasks = Array.from({ length: count }, () => held());
  const finished = tasks.map(({ task }) => sends.run(task));
  await settle();
  return {
    /** Ends the first task, and lets what its end starts begin. */
    endFirst: async () => {
      tasks[0]!.end();
      await finished[0];
      await settle();
    },
    endAll: async () => {
      for (const { end } of tasks) end();
      await Promise.all(finished);
    },
  };
}

describe('background sends yield to the buyers', () => {
  it('halve their slots each window buyers buy on a busy box, down to one, never none', () => {
    const { window, sends } = setup();
    expect(sends.limit).toBe(16);
    const limits = [];
    for (let i = 0; i < 6; i++) {
      window(30, 0.95);
      limits.push(sends.limit);
    }
    expect(limits).toEqual([8, 4, 2, 1, 1, 1]);
  });

  it('keep their slots while buyers buy on a box with CPU to spare, or a busy box has no buyers', () => {
    const { window, sends } = setup();
    window(30, 0.5);
    window(30, 0.85);
    expect(sends.limit).toBe(16);
    // Busy with the sends themselves: nobody to yield to.
    window(0, 1);
    expect(sends.limit).toBe(16);
  });

  it('get one slot back per calm window, and every window nobody looked counts as calm', () => {
    const { box, window, sends } = setup();
    for (let i = 0; i < 5; i++) window(30, 0.95);
    expect(sends.limit).toBe(1);
    window(30, 0.5);
    expect(sends.limit).toBe(2);
    window(0, 0.95);
    expect(sends.limit).toBe(3);
    box.t += 20 * WINDOW;
    expect(sends.limit).toBe(16);
  });

  it('run no more tasks at once than their slots, and start a waiting one as a slot frees', async () => {
    const { window, sends } = setup();
    for (let i = 0; i < 3; i++) window(30, 0.95);
    expect(sends.limit).toBe(2);
    const tasks = await runHeld(sends, 5);
    expect(sends.running).toBe(2);

    await tasks.endFirst();
    expect(sends.running).toBe(2);
    await tasks.endAll();
    expect(sends.running).toBe(0);
  });

  it('start waiting tasks as soon as the sale calms down, without one ending first', async () => {
    const { box, path, window, sends } = setup();
    for (let i = 0; i < 5; i++) window(30, 0.95);
    const tasks = await runHeld(sends, 6);
    expect(sends.running).toBe(1);

    box.busy = 0.4;
    box.t += 10 * WINDOW;
    path.requestServed();
    await settle();
    expect(sends.running).toBe(6);
    await tasks.endAll();
  });

  it('start every waiting task when a finishing one finds the sale calmed down, and lose no slot', async () => {
    const { box, window, sends } = setup();
    for (let i = 0; i < 5; i++) window(30, 0.95);
    const tasks = await runHeld(sends, 4);
    expect(sends.running).toBe(1);

    // Nobody looked while the sale calmed down: the first task to end takes the verdicts.
    box.busy = 0.4;
    box.t += 10 * WINDOW;
    await tasks.endFirst();
    expect(sends.running).toBe(3);
    await tasks.endAll();
    expect(sends.running).toBe(0);
  });

  it('answer what a failed task threw, and give its slot back', async () => {
    const { sends } = setup();
    await expect(sends.run(() => Promise.reject(new Error('SMTP caído')))).rejects.toThrow(
      'SMTP caído',
    );
    expect(sends.running).toBe(0);
  });
});
