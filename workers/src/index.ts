// The pipeline's consumers. In the embedded default the api process starts them in
// process; in the scaled mode `npm run workers` runs them as their own processes.
import type { AppDeps, Stoppable } from '@vag/api';

export async function startWorkers(_deps: AppDeps): Promise<Stoppable> {
  const running: Stoppable[] = [];
  return {
    stop: async () => {
      for (const r of running.reverse()) await r.stop();
    },
  };
}
