// The year's store at rest (`npm run bench -- --history=N --only=rest[,backup]`): the api
// with every periodic job running and no buyer, on an empty store and then with the year
// of past raffles loaded (history-fill.ts); what the store, the api and the machine spend
// in a quiet minute, as % of one core. Then, with `backup`, `npm run backup` and
// `npm run restore` of that store (time and size), and the audit of the restored copy.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Db } from 'mongodb';
import { auditRaffles } from '../audit';
import type { CpuSeconds } from './cpu';
import type { HistoryFigures } from './history-fill';
import { repoRoot } from './processes';

const run = promisify(execFile);

export interface RestFigures {
  seconds: number;
  /** % of one core per process group (machine, api, store), before the fill. */
  empty: Record<string, number> | null;
  /** The same once the year is loaded, a sale on beside it and nobody buying. */
  year: Record<string, number>;
}

export interface BackupFigures {
  backupSeconds: number;
  backupBytes: number;
  restoreSeconds: number;
  restoredAuditOk: boolean;
  failedRaffles: string[];
}

/** Lets the periodic jobs run for `seconds` with nobody buying: the CPU spent, % of a core. */
export async function quietMinute(
  meter: () => () => CpuSeconds,
  seconds: number,
): Promise<Record<string, number>> {
  const spent = meter();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return Object.fromEntries(
    Object.entries(spent()).map(([name, s]) => [name, (100 * s) / seconds]),
  );
}

/**
 * `npm run backup` of the database, `npm run restore` of its archive into `<db>_restored`,
 * as an operator runs them (the same scripts, their own processes); then the sellout audit
 * of the past raffles in the restored store.
 */
export async function backupAndRestore(options: {
  storeUrl: string;
  db: Db;
  restored: Db;
  raffleIds: string[];
}): Promise<BackupFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vag-bench-backup-'));
  const file = path.join(dir, 'year.jsonl.gz');
  try {
    const script = (name: string, args: string[], dbName: string) =>
      run(
        process.execPath,
        ['--import', 'tsx', path.join(repoRoot, 'infra/backup', name), ...args],
        {
          cwd: repoRoot,
          env: { ...process.env, MONGODB_URL: `${options.storeUrl}${dbName}` },
          maxBuffer: 10 * 1024 * 1024,
        },
      );
    let started = Date.now();
    const saved = await script('backup.ts', [file], options.db.databaseName);
    const backupSeconds = (Date.now() - started) / 1000;
    console.log(saved.stdout.trim());
    await options.restored.dropDatabase();
    started = Date.now();
    const restored = await script('restore.ts', [file], options.restored.databaseName);
    const restoreSeconds = (Date.now() - started) / 1000;
    console.log(restored.stdout.trim());
    const audits = await auditRaffles(options.restored, { raffleIds: options.raffleIds });
    return {
      backupSeconds,
      backupBytes: statSync(file).size,
      restoreSeconds,
      restoredAuditOk: audits.every((a) => a.report.ok),
      failedRaffles: audits.filter((a) => !a.report.ok).map((a) => a.raffleId),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

/**
 * The fill's figures: its rate, the store's size on disk and per purchase, and per
 * collection the documents, their BSON size and what FerretDB stores for them.
 */
export function formatHistory(h: HistoryFigures): string {
  const perPurchase = (bytes: number) => (bytes / h.purchases).toFixed(0);
  const rows = h.collections
    .filter((c) => c.count > 0)
    .map(
      (c) =>
        `| ${c.name} | ${c.count} | ${(c.count / h.purchases).toFixed(2)} | ${c.bsonBytes.toFixed(0)} | ${perPurchase(c.bytes)} | ${perPurchase(c.indexBytes)} |`,
    );
  const stored = h.collections.reduce((s, c) => s + c.bytes + c.indexBytes, 0);
  return [
    `history: ${h.purchases} past purchases in ${h.raffles.length} raffles, filled in ${h.fillSeconds.toFixed(0)} s (${h.clonesPerSecond.toFixed(0)} purchases cloned per second); ` +
      `store on disk ${h.diskBytes === null ? 'n/a' : `${mb(h.diskBytes)} MB (${perPurchase(h.diskBytes)} bytes per purchase)`}, collStats ${mb(stored)} MB`,
    '',
    '| collection | documents | per purchase | BSON bytes per document | data bytes per purchase | index bytes per purchase |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

export function formatRest(r: RestFigures): string {
  const line = (label: string, p: Record<string, number>) =>
    `${label}: ${Object.entries(p)
      .map(([name, pct]) => `${name} ${pct.toFixed(1)} %`)
      .join(', ')} of one core`;
  return [
    `at rest (${r.seconds} s, every periodic job running, nobody buying):`,
    ...(r.empty ? [line('  empty store', r.empty)] : []),
    line('  the year loaded', r.year),
  ].join('\n');
}

export function formatBackup(b: BackupFigures): string {
  return `backup ${mb(b.backupBytes)} MB in ${b.backupSeconds.toFixed(1)} s; restore in ${b.restoreSeconds.toFixed(1)} s; the restored store's audit ${b.restoredAuditOk ? 'PASS' : `FAIL ${b.failedRaffles.join(', ')}`}`;
}
