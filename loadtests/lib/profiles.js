// Shared load profiles for the k6 scenarios. Buyers arrive at a rate (open model): a
// slow server makes the queue grow instead of slowing the arrivals, like a real crowd.
// PROFILE picks one; RATE (peak buyers/s), DURATION (s at peak) and MAX_VUS scale it.

const env = (name, fallback) =>
  __ENV[name] !== undefined && __ENV[name] !== '' ? Number(__ENV[name]) : fallback;

/** Buyers per second at the peak, seconds at the peak, and the ramp around it. */
const PROFILES = {
  // A handful of buyers: the script and the server agree on every call.
  smoke: { rate: 2, hold: 10, rampUp: 1, rampDown: 1, maxVUs: 10 },
  // The CI sellout: a few hundred buyers in half a minute, gentle enough for a busy
  // 2-core CI machine; about half of them are late and get the sold-out answer.
  // With STOP_WHEN_SOLD_OUT the run ends at the sellout, usually long before the hold.
  ci: { rate: 10, hold: 60, rampUp: 3, rampDown: 2, maxVUs: 60 },
  // The draw goes viral: arrivals jump from a trickle to the peak in two seconds.
  spike: { rate: 150, hold: 30, rampUp: 2, rampDown: 5, maxVUs: 300 },
  // Sustained demand until every number is sold (STOP_WHEN_SOLD_OUT ends it early).
  sellout: { rate: 120, hold: 600, rampUp: 10, rampDown: 5, maxVUs: 300 },
  // One step of the capacity ramp (bench/ramp-run.ts): RATE buyers/s held for DURATION s.
  step: { rate: 60, hold: 60, rampUp: 1, rampDown: 1, maxVUs: 600 },
};

export function profileName() {
  return __ENV.PROFILE || 'smoke';
}

/** The k6 scenario for the chosen profile, running `exec` per buyer. */
export function buyerScenario(exec) {
  const name = profileName();
  const base = PROFILES[name];
  if (!base) throw new Error(`unknown PROFILE '${name}' (${Object.keys(PROFILES).join(', ')})`);
  const rate = env('RATE', base.rate);
  const hold = env('DURATION', base.hold);
  const maxVUs = env('MAX_VUS', base.maxVUs);
  return {
    executor: 'ramping-arrival-rate',
    exec,
    startRate: Math.max(1, Math.round(rate / 10)),
    timeUnit: '1s',
    // A second of arrivals ready before the first: k6 turns a buyer away (a dropped
    // iteration) when no VU is free, and a VU it starts mid-run takes it a while to build.
    preAllocatedVUs: Math.min(maxVUs, Math.max(2, Math.ceil(rate))),
    maxVUs,
    stages: [
      { target: rate, duration: `${base.rampUp}s` },
      { target: rate, duration: `${hold}s` },
      { target: 0, duration: `${base.rampDown}s` },
    ],
    gracefulStop: '30s',
  };
}

/** Latency limits (ms) per profile; P95_MS / P99_MS override them (CI machines are shared). */
export function latencyLimits() {
  const strict = ['spike', 'sellout', 'step'].includes(profileName());
  return { p95: env('P95_MS', strict ? 100 : 500), p99: env('P99_MS', strict ? 300 : 1500) };
}
