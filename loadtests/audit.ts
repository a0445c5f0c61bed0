// `tsx loadtests/audit.ts` — audits the raffles in the store at MONGODB_URL after a sellout:
// prints PASS/FAIL per invariant and raffle, and exits non-zero on any FAIL. Raffles sold
// side by side each sell their own numbers 0..N-1, so every check is one raffle's.
// Options: RAFFLE_ID (one raffle; default every raffle with a paid purchase),
// PENDING_GRACE_SECONDS (default 60).
import { pathToFileURL } from 'node:url';
import { MongoClient, type Db } from 'mongodb';
import {
  auditRaffle,
  formatReport,
  type AuditOptions,
  type AuditReport,
} from '@vag/core/audit/invariants';

export { auditRaffle, formatReport } from '@vag/core/audit/invariants';
export type { AuditOptions, AuditReport, InvariantResult } from '@vag/core/audit/invariants';

/** The raffles with at least one paid purchase, by id: those a sellout audit looks at. */
export async function rafflesThatSold(db: Db): Promise<string[]> {
  const ids = await db.collection('purchases').distinct('raffleId', { status: 'COMPLETED' });
  return ids.map(String).sort();
}

export interface RaffleAudit {
  raffleId: string;
  report: AuditReport;
}

/** The audit of each raffle in `raffleIds` (default: every raffle that sold). */
export async function auditRaffles(
  db: Db,
  options: Omit<AuditOptions, 'raffleId'> & { raffleIds?: string[] } = {},
): Promise<RaffleAudit[]> {
  const { raffleIds, ...rest } = options;
  const audits: RaffleAudit[] = [];
  for (const raffleId of raffleIds ?? (await rafflesThatSold(db)))
    audits.push({ raffleId, report: await auditRaffle(db, { ...rest, raffleId }) });
  return audits;
}

async function main(): Promise<void> {
  const url = process.env.MONGODB_URL;
  if (!url) throw new Error('MONGODB_URL is required, e.g. mongodb://127.0.0.1:27017/voyaganar');
  const client = new MongoClient(url, { retryWrites: false });
  try {
    await client.connect();
    const audits = await auditRaffles(client.db(), {
      raffleIds: process.env.RAFFLE_ID ? [process.env.RAFFLE_ID] : undefined,
      pendingGraceMs: Number(process.env.PENDING_GRACE_SECONDS ?? 60) * 1000,
    });
    if (audits.length === 0) throw new Error('no raffle has a paid purchase: nothing to audit');
    for (const { raffleId, report } of audits)
      console.log(`raffle ${raffleId}\n${formatReport(report)}\n`);
    process.exitCode = audits.every((a) => a.report.ok) ? 0 : 1;
  } finally {
    await client.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 2;
  });
}
