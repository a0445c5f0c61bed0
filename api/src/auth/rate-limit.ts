// In-memory sliding-window limiter for login attempts. Per process: with several api
// replicas an attacker gets at most replicas × limit tries, which is still a hard cap.
export interface RateLimiter {
  /** Records one attempt for `key`; false when the key is over its limit within the window. */
  hit(key: string, now?: number): boolean;
  reset(key: string): void;
}

export function createRateLimiter({
  limit,
  windowMs,
}: {
  limit: number;
  windowMs: number;
}): RateLimiter {
  const attempts = new Map<string, number[]>();

  function prune(now: number): void {
    // Keep memory bounded: forget keys whose attempts are all outside the window.
    if (attempts.size < 10_000) return;
    for (const [key, times] of attempts) {
      if ((times[times.length - 1] ?? 0) <= now - windowMs) attempts.delete(key);
    }
  }

  return {
    hit(key, now = Date.now()) {
      prune(now);
      const recent = (attempts.get(key) ?? []).filter((t) => t > now - windowMs);
      if (recent.length >= limit) {
        attempts.set(key, recent);
        return false;
      }
      recent.push(now);
      attempts.set(key, recent);
      return true;
    },
    reset(key) {
      attempts.delete(key);
    },
  };
}
