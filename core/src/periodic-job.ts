// Background passes over the store (sweeps, reminders, checks): one timer per process, one
// pass at a time. A pass that is still running when the next is due is not started
// again, a failed pass is logged and the next one retries, and stop() waits for the pass
// under way so a shutdown never cuts a write in half.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from './logger';
import type { Stoppable } from './deps';

export interface PeriodicJob extends Stoppable {
  /** Resolves once the pass in progress, if any, has ended. */
  idle(): Promise<void>;
}

/**
 * Set while a pass runs: what a pass does is the process's own upkeep, which tools that
 * count the store's commands per request (the purchase-costs test) must tell apart.
 */
export const periodicPass = new AsyncLocalStorage<true>();

export function startPeriodicJob(options: {
  everyMs: number;
  pass: () => Promise<unknown>;
  log: Logger;
  /** What the log says when a pass fails; the next pass retries. */
  failure: string;
  /** Run a first pass now rather than after the first interval (default true). */
  runAtStart?: boolean;
}): PeriodicJob {
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= periodicPass
      .run(true, options.pass)
      .then(() => undefined)
      .catch((err: unknown) => options.log.error({ err }, options.failure))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.everyMs);
  timer.unref();
  if (options.runAtStart !== false) tick();
  return {
    idle: async () => {
      await running;
    },
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
