// The bounded fault schedule: one fault of each kind, in an order and at moments drawn
// from a seed (printed, so a run can be repeated), one after the other: each starts a
// random pause after the previous one recovered, so every failed request and every
// recovery belongs to exactly one fault.

export const FAULT_KINDS = [
  'api-kill',
  'worker-kill',
  'kafka-restart',
  'store-restart',
  'payment-fault',
  'smtp-down',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface PlannedFault {
  kind: FaultKind;
  /** Pause before the fault, after the previous one recovered (or the sale started). */
  pauseMs: number;
  /** worker-kill: which `npm run workers` process. */
  worker?: number;
}

export interface ScheduleOptions {
  seed: number;
  pauseMs: [min: number, max: number];
  workers: number;
}

/** Timings of the faults that last a while (the others are instants). */
export interface FaultDurations {
  /** The payment provider answers 500 this long, then holds every call this long. */
  paymentErrorMs: number;
  paymentTimeoutMs: number;
  smtpDownMs: number;
}

/** mulberry32: a small seeded generator, enough for a repeatable schedule. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function planFaults(options: ScheduleOptions): PlannedFault[] {
  const random = seededRandom(options.seed);
  const order = [...FAULT_KINDS];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const [min, max] = options.pauseMs;
  return order.map((kind) => ({
    kind,
    pauseMs: Math.round(min + random() * (max - min)),
    ...(kind === 'worker-kill' ? { worker: Math.floor(random() * options.workers) } : {}),
  }));
}

export function describePlan(plan: PlannedFault[], durations: FaultDurations): string {
  return plan
    .map((f, i) => {
      const what: Record<FaultKind, string> = {
        'api-kill': 'SIGKILL of the api, restarted at once',
        'worker-kill': `SIGKILL of workers process ${f.worker ?? 0}, restarted at once`,
        'kafka-restart': 'Kafka broker stopped and started again',
        'store-restart': 'FerretDB stopped and started again',
        'payment-fault': `PayPal answers 500 for ${durations.paymentErrorMs / 1000} s, then holds every call for ${durations.paymentTimeoutMs / 1000} s`,
        'smtp-down': `SMTP refuses every connection for ${durations.smtpDownMs / 1000} s`,
      };
      return `  ${i + 1}. +${(f.pauseMs / 1000).toFixed(1)} s after the previous: ${what[f.kind]}`;
    })
    .join('\n');
}
