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

let passes: AsyncLocalStorage<true> | undefined;

/**
 * Marks what periodic passes do from now on: the process's own upkeep, which tools that
 * count the store's commands per request (the purchase-costs test) must tell apart. Off
 * unless such a tool asks: on Node 20 an AsyncLocalStorage, once run, sends every promise
 * of the process through async hooks, ~2.5 % of the api's CPU in a sellout.
 */
export function tracePeriodicPasses(): void {
  passes ??= new AsyncLocalStorage<true>();
}

/** Whether the caller runs inside a periodic pass (always false unless traced). */
export function inPeriodicPass(): boolean {
  return passes?.getStore() === true;
}

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
    running ??= (passes ? passes.run(true, options.pass) : options.pass())
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
