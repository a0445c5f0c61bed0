// Work that could hold the event loop for seconds (unzipping and parsing a bank statement,
// deriving a .p12's keys) runs in a worker thread of its own: the api keeps answering, a
// file that takes too long is stopped at its time limit, and one that wants too much
// memory ends its worker, not the process (DESIGN Security). A worker serves one job at a
// time; one that finished cleanly is kept a short while for the next job, unref'd.
import { Worker } from 'node:worker_threads';

export interface OffThreadLimits {
  /** The job is stopped (its worker terminated) after this long. */
  timeoutMs: number;
  /** The worker's heap; past it the worker ends with ERR_WORKER_OUT_OF_MEMORY. */
  maxHeapMb: number;
}

/** A job the worker could not finish: over its time or memory, or its thread died. */
export class OffThreadLimit extends Error {
  constructor(readonly limit: 'time' | 'memory' | 'crash') {
    super(`off-thread job stopped: ${limit}`);
  }
}

/** An error the task itself threw, by its class name, with its (Spanish) message. */
export class OffThreadError extends Error {
  constructor(
    readonly kind: string,
    message: string,
  ) {
    super(message);
  }
}

type Reply = { ok: true; value: unknown } | { ok: false; kind: string; message: string };

const ENTRY = new URL('./entry.mjs', import.meta.url);
/** How long a worker that finished waits for the next job before it ends. */
const IDLE_MS = 30_000;

interface Kept {
  worker: Worker;
  heapMb: number;
  timer: NodeJS.Timeout;
}
let idle: Kept | null = null;

/** Jobs at once: each worker may grow to its heap limit, so a burst of uploads waits its turn. */
const MAX_RUNNING = 2;
let running = 0;
const waiting: Array<() => void> = [];

/** Runs `task` of tasks.ts on `input` in a worker thread, within `limits`. */
export async function runOffThread<T>(
  task: string,
  input: unknown,
  limits: OffThreadLimits,
): Promise<T> {
  if (running >= MAX_RUNNING) await new Promise<void>((resume) => waiting.push(resume));
  running++;
  try {
    return await runInWorker<T>(task, input, limits);
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function runInWorker<T>(task: string, input: unknown, limits: OffThreadLimits): Promise<T> {
  const worker = takeWorker(limits.maxHeapMb);
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => finish(new OffThreadLimit('time')), limits.timeoutMs);
    const onMessage = (reply: Reply) =>
      finish(reply.ok ? null : new OffThreadError(reply.kind, reply.message), reply);
    const onError = (error: Error & { code?: string }) =>
      finish(new OffThreadLimit(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash'));
    const onExit = () => finish(new OffThreadLimit('crash'));
    let done = false;
    function finish(error: Error | null, reply?: Reply) {
      if (done) return;
      done = true;
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      // A refusal is the task's answer: only a worker stopped at a limit is not kept.
      if (error instanceof OffThreadLimit) void worker.terminate();
      else keepWorker(worker, limits.maxHeapMb);
      if (error) reject(error);
      else resolve((reply as { value: T }).value);
    }
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.ref();
    worker.postMessage({ task, input });
  });
}

function takeWorker(heapMb: number): Worker {
  const kept = idle;
  idle = null;
  if (kept) {
    clearTimeout(kept.timer);
    if (kept.heapMb === heapMb) return kept.worker;
    void kept.worker.terminate();
  }
  return new Worker(ENTRY, {
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32 },
  });
}

function keepWorker(worker: Worker, heapMb: number): void {
  if (idle) void idle.worker.terminate();
  clearTimeout(idle?.timer);
  worker.unref();
  const timer = setTimeout(() => {
    if (idle?.worker === worker) idle = null;
    void worker.terminate();
  }, IDLE_MS);
  timer.unref();
  idle = { worker, heapMb, timer };
}
