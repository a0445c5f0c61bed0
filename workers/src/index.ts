// The pipeline's consumers. In the embedded default the api process starts them in
// process; in the scaled mode `npm run workers` runs them as their own processes.
import type { AppDeps, Stoppable } from '@vag/api';
import { startNumbersWorker } from './numbers';

export async function startWorkers(deps: AppDeps): Promise<Stoppable> {
  const running: Stoppable[] = [];
  running.push(await startNumbersWorker(deps));
  return {
    stop: async () => {
      for (const r of running.reverse()) await r.stop();
    },
  };
}
