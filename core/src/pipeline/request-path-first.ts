// In the embedded default one process serves the buyers' requests and sends their
// tickets, e-mails and SMS, and the store runs beside it on the same box. In a sellout
// the sends must not slow the purchases (docs/bench-history.md, run 5: "the request path first"): while
// buyers' purchase requests are coming in and the box has no CPU to spare, background
// senders get half their slots; otherwise they get one more per window. They always keep
// one, so messages keep going out, and the backlog goes out at full speed once the sale
// calms down.
//
// The signal is the box's CPU, not the requests' latency: a create-order waits on PayPal
// for hundreds of milliseconds without using any CPU, and that must not hold back
// anyone's e-mail. Nor this process's event loop delay: in a sale the box runs out of CPU
// (the store, the load) long before this thread does (docs/bench-history.md run 16).
import { cpus } from 'node:os';

export interface RequestPathFirstOptions {
  /** Share of the box's CPU time in use (0–1) from which senders yield while buyers buy. */
  busy?: number;
  /** How often the verdict is taken. */
  windowMs?: number;
  /** Tests: the clock and the box's busy share since the last call, instead of the real ones. */
  now?: () => number;
  cpuBusy?: () => number;
}

/** The slots one background consumer may use at once, given what the request path allows. */
export interface BackgroundSlots {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Slots it may use now. */
  readonly limit: number;
  /** Tasks running now. */
  readonly running: number;
}

const SHARE_STEPS = 16;

export class RequestPathFirst {
  private readonly busy: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  private readonly cpuBusy: () => number;
  /** Sixteenths of their slots background consumers may use. */
  private share = SHARE_STEPS;
  private windowStart: number;
  private requestsInWindow = 0;
  private readonly consumers = new Set<() => void>();

  constructor(options: RequestPathFirstOptions = {}) {
    this.busy = options.busy ?? 0.9;
    this.windowMs = options.windowMs ?? 500;
    this.now = options.now ?? (() => performance.now());
    this.cpuBusy = options.cpuBusy ?? boxCpuBusy();
    this.windowStart = this.now();
  }

  /** A buyer's purchase request (create-order, a payment's confirmation) was answered. */
  requestServed(): void {
    this.takeVerdicts();
    this.requestsInWindow++;
  }

  /** Background work that yields to the request path, up to `max` tasks at once. */
  slots(max: number): BackgroundSlots {
    let running = 0;
    const waiting: Array<() => void> = [];
    const limit = () => {
      this.takeVerdicts();
      return Math.max(1, Math.round((max * this.share) / SHARE_STEPS));
    };
    // The limit is read first: reading it may take verdicts, whose wake-ups run later.
    const startWaiting = () => {
      for (let free = limit() - running; free > 0 && waiting.length > 0; free--) {
        running++;
        waiting.shift()!();
      }
    };
    this.consumers.add(startWaiting);
    return {
      run: async (task) => {
        const free = limit() - running;
        if (free > 0) running++;
        else await new Promise<void>((resolve) => waiting.push(resolve));
        try {
          return await task();
        } finally {
          running--;
          startWaiting();
        }
      },
      get limit() {
        return limit();
      },
      get running() {
        return running;
      },
    };
  }

  /** The share after every window that ended since the last look. */
  private takeVerdicts(): void {
    const elapsed = this.now() - this.windowStart;
    if (elapsed < this.windowMs) return;
    const before = this.share;
    const busy = this.cpuBusy();
    const late = this.requestsInWindow > 0 && busy >= this.busy;
    this.share = late
      ? Math.max(1, Math.floor(this.share / 2))
      : Math.min(SHARE_STEPS, this.share + 1);
    // Windows that passed without anyone looking had no requests: each gives one back.
    const windows = Math.floor(elapsed / this.windowMs);
    this.share = Math.min(SHARE_STEPS, this.share + windows - 1);
    this.windowStart += windows * this.windowMs;
    this.requestsInWindow = 0;
    // Not now: a verdict is taken while a consumer counts its slots.
    if (this.share > before) queueMicrotask(() => this.consumers.forEach((wake) => wake()));
  }
}

/** The share of all the box's CPUs' time spent busy since the previous call. */
function boxCpuBusy(): () => number {
  const totals = () => {
    let busy = 0;
    let all = 0;
    for (const { times } of cpus()) {
      const sum = times.user + times.nice + times.sys + times.irq + times.idle;
      all += sum;
      busy += sum - times.idle;
    }
    return { busy, all };
  };
  let last = totals();
  return () => {
    const now = totals();
    const all = now.all - last.all;
    const share = all > 0 ? (now.busy - last.busy) / all : 0;
    last = now;
    return share;
  };
}
