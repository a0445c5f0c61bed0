// `tsx loadtests/audit.ts` — audits the raffle in the store at MONGODB_URL after a sellout:
// prints PASS/FAIL per invariant and exits non-zero on any FAIL.
// Options: RAFFLE_ID (default 'current'), PENDING_GRACE_SECONDS (default 60).
import { pathToFileURL } from 'node:url';
import { MongoClient } from 'mongodb';
import { auditRaffle, formatReport } from '@vag/core/audit/invariants';

export { auditRaffle, formatReport } from '@vag/core/audit/invariants';
export type { AuditOptions, AuditReport, InvariantResult } from '@vag/core/audit/invariants';

async function main(): Promise<void> {
  const url = process.env.MONGODB_URL;
  if (!url) throw new Error('MONGODB_URL is required, e.g. mongodb://127.0.0.1:27017/voyaganar');
  const client = new MongoClient(url, { retryWrites: false });
  try {
    await client.connect();
    const report = await auditRaffle(client.db(), {
      raffleId: process.env.RAFFLE_ID ?? 'current',
      pendingGraceMs: Number(process.env.PENDING_GRACE_SECONDS ?? 60) * 1000,
    });
    console.log(formatReport(report));
    process.exitCode = report.ok ? 0 : 1;
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
