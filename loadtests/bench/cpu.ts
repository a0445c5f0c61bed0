// CPU time from /proc: what each process of a sellout spent, in seconds of a core.
// Unlike latencies it hardly depends on what else the box runs, so divided by the paid
// purchases it says what one purchase costs each part, and which part runs out first.
import { readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second on every usual build. */
const TICKS_PER_SECOND = 100;

function processCpuSeconds(pid: number): number {
  try {
    // The command name (field 2) may hold spaces; the fields after its ')' are fixed.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0; // the process is gone (a killed worker): it spent nothing more
  }
}

function machineBusySeconds(): number {
  const [cpu] = readFileSync('/proc/stat', 'utf8').split('\n');
  const ticks = cpu!.trim().split(/\s+/).slice(1).map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0); // idle and iowait
  return (ticks.reduce((a, b) => a + b, 0) - idle) / TICKS_PER_SECOND;
}

export type CpuSeconds = Record<string, number>;

/**
 * Starts counting the CPU of the named processes (and of the whole machine, as
 * `machine`); the returned function gives the seconds each spent since. `pids` is asked
 * again at the end, so a process started meanwhile counts from its start.
 */
export function cpuMeter(pids: () => Record<string, number[]>): () => CpuSeconds {
  const read = (): CpuSeconds => {
    const seconds: CpuSeconds = { machine: machineBusySeconds() };
    // An empty group (no workers process: they run inside the api) is left out.
    for (const [name, list] of Object.entries(pids()))
      if (list.length) seconds[name] = list.reduce((sum, pid) => sum + processCpuSeconds(pid), 0);
    return seconds;
  };
  const start = read();
  return () => {
    const end = read();
    return Object.fromEntries(Object.entries(end).map(([k, v]) => [k, v - (start[k] ?? 0)]));
  };
}

/**
 * e.g. `machine 65 ms, api 34 ms, store 23 ms; the store's peak memory 67 MiB`: the CPU a
 * sellout spent per paid purchase.
 */
export function cpuPerPurchase(
  seconds: CpuSeconds,
  purchases: number,
  storePeakMb?: number | null,
): string {
  const perPurchase = Object.entries(seconds)
    .map(([name, s]) => `${name} ${purchases ? ((1000 * s) / purchases).toFixed(0) : 'n/a'} ms`)
    .join(', ');
  return `${perPurchase}; the store's peak memory ${storePeakMb?.toFixed(0) ?? 'n/a'} MiB`;
}

/** The most memory the process has held (its peak resident set), in MiB. */
export function peakMemoryMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}
