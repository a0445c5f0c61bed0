// The catch-ups a process runs in the background: a projection bringing itself in line
// with the store after start-up (the reports' facts), an upgrade rewriting old documents.
// Start-up never waits on one (SPEC §7 `/api/health`): the process serves at once and
// `/api/health` names what is still catching up, so an operator knows why a report may
// not show the oldest sales yet.
import type { CatchUps } from './deps';

export function createCatchUps(): CatchUps {
  const running = new Map<string, number>();
  return {
    running: () => [...running.keys()].sort(),
    async track<T>(name: string, work: () => Promise<T>): Promise<T> {
      running.set(name, (running.get(name) ?? 0) + 1);
      try {
        return await work();
      } finally {
        const left = (running.get(name) ?? 1) - 1;
        if (left > 0) running.set(name, left);
        else running.delete(name);
      }
    },
  };
}
