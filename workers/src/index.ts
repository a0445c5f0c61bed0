// The pipeline's consumers. In the embedded default the api process starts them in
// process; in the scaled mode `npm run workers` runs them as their own processes.
import type { AppDeps, Stoppable } from '@vag/api';
import { startNotificationsWorker } from './notifications';
import { startNumbersWorker } from './numbers';
import { startReportsWorker } from './reports';

export const WORKER_NAMES = ['numbers', 'notifications', 'reports'] as const;
export type WorkerName = (typeof WORKER_NAMES)[number];

const starters: Record<WorkerName, (deps: AppDeps) => Promise<Stoppable>> = {
  numbers: startNumbersWorker,
  notifications: startNotificationsWorker,
  reports: startReportsWorker,
};

export async function startWorkers(
  deps: AppDeps,
  names: readonly WorkerName[] = WORKER_NAMES,
): Promise<Stoppable> {
  const running: Stoppable[] = [];
  for (const name of names) running.push(await starters[name](deps));
  return {
    stop: async () => {
      for (const r of running.reverse()) await r.stop();
    },
  };
}
