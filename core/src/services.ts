// Makes a process's services once, from what it connected to. Every copy of the deps
// answered here shares them (core/src/deps.ts).
import type { BaseDeps, CoreDeps } from './deps';
import { createCatchUps } from './catch-ups';
import { createReconciler } from './pipeline/reconciler';
import { createOutboxRelay } from './pipeline/relay';
import { createLiveSettings } from './settings/live-settings';

export function withCoreServices<T extends BaseDeps>(base: T): T & CoreDeps {
  // The services hold this object and read it only when used, by then complete.
  const deps = { ...base } as T & CoreDeps;
  deps.relay = createOutboxRelay(deps);
  deps.settings = createLiveSettings(deps);
  deps.reconciler = createReconciler(deps);
  deps.catchUps = createCatchUps();
  return deps;
}
