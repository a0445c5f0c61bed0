// The worker thread's entry (run.ts): TypeScript is loaded through tsx, as the server
// itself is (Dockerfile, infra/start.mjs); once the tasks are loaded it says so, then each
// job message runs one task of tasks.ts and answers its value or its error's class name
// and message.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { OFF_THREAD_TASKS } = await import('./tasks.ts');

parentPort.on('message', async ({ task, input }) => {
  try {
    parentPort.postMessage({ ok: true, value: await OFF_THREAD_TASKS[task](input) });
  } catch (error) {
    const kind = error instanceof Error ? error.constructor.name : 'Error';
    parentPort.postMessage({ ok: false, kind, message: String(error?.message ?? error) });
  }
});
parentPort.postMessage({ ready: true });
