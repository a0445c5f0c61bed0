// A staff member confirming a bank transfer waits, for a bounded time, for the numbers
// the worker allocates. Where the numbers worker runs in this process (embedded mode),
// its `numbers.assigned` events wake the waiting requests; elsewhere each request looks
// at the purchase now and then. Looking costs a read of the store per look, and during
// a sellout hundreds of confirmations wait at once.
import { safeParseEvent, TOPICS } from '@vag/contracts';
import type { AppDeps } from '../context';
import { getPurchase } from '@vag/core/db/purchases';
import type { Stoppable } from '@vag/core';

type Wake = (numbers: string[]) => void;

export const NUMBERS_WAITERS_GROUP_ID = 'api-numbers-waiters';

/** The confirmations of one api process waiting for numbers (deps.numbersWaiters). */
export interface NumbersWaiters {
  /** Listens for numbers.assigned on an in-process bus; elsewhere waiting polls. */
  start(): Promise<Stoppable>;
  /** The waiting requests by purchase while listening; null when each request polls. */
  listening(): Map<string, Set<Wake>> | null;
}

/** Made once per api process (runtime.ts). */
export function createNumbersWaiters(deps: Pick<AppDeps, 'bus'>): NumbersWaiters {
  let waiting: Map<string, Set<Wake>> | null = null;
  return {
    listening: () => waiting,
    async start() {
      // On Kafka a group is shared by every api process, so not each would hear every event.
      if (deps.bus.kind !== 'in-process') return { stop: async () => {} };
      const heard = new Map<string, Set<Wake>>();
      const subscription = await deps.bus.subscribe({
        groupId: NUMBERS_WAITERS_GROUP_ID,
        topics: [TOPICS['numbers.assigned']],
        concurrency: 8,
        handler: async (message) => {
          const parsed = safeParseEvent(message.value);
          if (!parsed.success || parsed.data.type !== 'numbers.assigned') return;
          const { purchaseId, numbers } = parsed.data.data;
          for (const wake of heard.get(purchaseId) ?? []) wake(numbers);
        },
      });
      waiting = heard;
      return {
        stop: async () => {
          waiting = null;
          await subscription.stop();
        },
      };
    },
  };
}

export function startNumbersWaiters(deps: Pick<AppDeps, 'numbersWaiters'>): Promise<Stoppable> {
  return deps.numbersWaiters.start();
}

async function assignedNumbers(deps: AppDeps, purchaseId: string): Promise<string[] | null> {
  const purchase = await getPurchase(deps.db, purchaseId);
  return purchase?.numbersAssignedAt && purchase.assignedNumbers.length > 0
    ? purchase.assignedNumbers
    : null;
}

/** Numbers heard for one purchase, from before the moment they can be assigned. */
export interface NumbersListener {
  /**
   * The numbers once assigned, or null when `timeoutMs` passes first. `look`: read the
   * purchase at once too, for numbers assigned before listening began; a payment this
   * listener saw happen cannot have numbers yet, so its confirmation skips that read.
   */
  until(timeoutMs: number, options: { look: boolean }): Promise<string[] | null>;
  stop(): void;
}

/** Starts listening for the purchase's numbers.assigned; call before the payment that causes it. */
export function listenForNumbers(deps: AppDeps, purchaseId: string): NumbersListener {
  const waiting = deps.numbersWaiters.listening();
  if (!waiting)
    return { until: (timeoutMs) => pollForNumbers(deps, purchaseId, timeoutMs), stop: () => {} };

  let heard: string[] | null = null;
  let onHeard: ((numbers: string[]) => void) | null = null;
  const wake: Wake = (numbers) => {
    heard = numbers;
    onHeard?.(numbers);
  };
  const set = waiting.get(purchaseId) ?? new Set<Wake>();
  set.add(wake);
  waiting.set(purchaseId, set);
  const stop = () => {
    set.delete(wake);
    if (set.size === 0 && waiting.get(purchaseId) === set) waiting.delete(purchaseId);
  };

  const until = (timeoutMs: number, { look }: { look: boolean }) =>
    new Promise<string[] | null>((resolve, reject) => {
      if (heard) return resolve(heard);
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        onHeard = null;
        outcome();
      };
      onHeard = (numbers) => settle(() => resolve(numbers));
      const fail = (error: unknown) => settle(() => reject(error));
      const timer = setTimeout(() => {
        assignedNumbers(deps, purchaseId).then((numbers) => settle(() => resolve(numbers)), fail);
      }, timeoutMs);
      if (look)
        assignedNumbers(deps, purchaseId).then((numbers) => {
          if (numbers) settle(() => resolve(numbers));
        }, fail);
    });
  return { until, stop };
}

/** The purchase's numbers once assigned, or null when `timeoutMs` passes first. */
export async function waitForNumbers(
  deps: AppDeps,
  purchaseId: string,
  timeoutMs: number,
): Promise<string[] | null> {
  const listener = listenForNumbers(deps, purchaseId);
  try {
    return await listener.until(timeoutMs, { look: true });
  } finally {
    listener.stop();
  }
}

async function pollForNumbers(
  deps: AppDeps,
  purchaseId: string,
  timeoutMs: number,
): Promise<string[] | null> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 100; ; delay = Math.min(delay * 2, 1_000)) {
    const numbers = await assignedNumbers(deps, purchaseId);
    if (numbers) return numbers;
    if (Date.now() + delay > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}
