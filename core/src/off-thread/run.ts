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
/**
 * How long a new worker may take to load its code: apart from the job's own limit, so a
 * loaded machine's slow start is not taken for a slow file.
 */
const START_MS = 90_000;

interface Started {
  worker: Worker;
  heapMb: number;
  /** Settles when the worker has loaded its tasks (rejects if it dies first). */
  ready: Promise<void>;
}
let idle: (Started & { timer: NodeJS.Timeout; onExit: () => void }) | null = null;

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
    const started = takeWorker(limits.maxHeapMb);
    await started.ready;
    return await runInWorker<T>(started, task, input, limits);
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function runInWorker<T>(
  started: Started,
  task: string,
  input: unknown,
  limits: OffThreadLimits,
): Promise<T> {
  const { worker } = started;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => finish(new OffThreadLimit('time')), limits.timeoutMs);
    const onMessage = (reply: Reply) =>
      finish(reply.ok ? null : new OffThreadError(reply.kind, reply.message), reply);
    const onError = (error: Error) => finish(limitOf(error));
    const onExit = () => finish(new OffThreadLimit('crash'));
    let done = false;
    function finish(error: Error | null, reply?: Reply) {
      if (done) return;
      done = true;
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      // A refusal is the task's answer: only a worker stopped at a limit is not kept.
      if (error instanceof OffThreadLimit) void worker.terminate();
      else keepWorker(started);
      if (error) reject(error);
      else resolve((reply as { value: T }).value);
    }
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.ref();
    worker.postMessage({ task, input });
  });
}

function limitOf(error: Error & { code?: string }): OffThreadLimit {
  return new OffThreadLimit(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash');
}

function takeWorker(heapMb: number): Started {
  const kept = idle;
  idle = null;
  if (kept) {
    clearTimeout(kept.timer);
    kept.worker.off('exit', kept.onExit);
    if (kept.heapMb === heapMb) return kept;
    void kept.worker.terminate();
  }
  const worker = new Worker(ENTRY, {
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 32 },
  });
  return { worker, heapMb, ready: loaded(worker) };
}

/** The worker's "ready", or its death (or a start past START_MS) as a crash. */
function loaded(worker: Worker): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => {
      cleanUp();
      void worker.terminate();
      reject(error);
    };
    const onReady = (message: { ready?: boolean }) => {
      if (!message.ready) return;
      cleanUp();
      resolve();
    };
    const onError = (error: Error) => fail(limitOf(error));
    const onExit = () => fail(new OffThreadLimit('crash'));
    const timer = setTimeout(() => fail(new OffThreadLimit('crash')), START_MS);
    function cleanUp() {
      clearTimeout(timer);
      worker.off('message', onReady).off('error', onError).off('exit', onExit);
    }
    worker.on('message', onReady).on('error', onError).on('exit', onExit);
  });
}

function keepWorker(started: Started): void {
  if (idle) {
    clearTimeout(idle.timer);
    idle.worker.off('exit', idle.onExit);
    void idle.worker.terminate();
  }
  const { worker } = started;
  worker.unref();
  const forget = () => {
    if (idle?.worker !== worker) return;
    clearTimeout(idle.timer);
    idle = null;
  };
  // A kept worker that ends by itself is never handed a job.
  const onExit = forget;
  worker.once('exit', onExit);
  const timer = setTimeout(() => {
    forget();
    void worker.terminate();
  }, IDLE_MS);
  timer.unref();
  idle = { ...started, timer, onExit };
}
