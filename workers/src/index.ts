// The pipeline's consumers. In the embedded default the api process starts them in
// process; in the scaled mode `npm run workers` runs them as their own processes.
import type { CoreDeps, Stoppable } from '@vag/core';
import { startInvoicesWorker } from './invoices';
import { startNotificationsWorker } from './notifications';
import { startNumbersWorker } from './numbers';
import { startReportsWorker } from './reports';

export const WORKER_NAMES = ['numbers', 'notifications', 'reports', 'invoices'] as const;
export type WorkerName = (typeof WORKER_NAMES)[number];

const starters: Record<WorkerName, (deps: CoreDeps) => Promise<Stoppable>> = {
  numbers: startNumbersWorker,
  notifications: startNotificationsWorker,
  reports: startReportsWorker,
  invoices: startInvoicesWorker,
};

export async function startWorkers(
  deps: CoreDeps,
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
