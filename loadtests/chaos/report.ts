// The chaos sellout's verdict, as printed and as the markdown of RESULTS.md.
import { cpus } from 'node:os';
import { formatReport } from '../audit';
import type { ChaosResult } from './run';
import type { FaultRecord } from './faults';

const s = (ms: number | null | undefined) =>
  ms === null ? 'not within the bound' : ms === undefined ? '–' : `${(ms / 1000).toFixed(1)} s`;

function failed(f: FaultRecord): string {
  const names = Object.entries(f.failedByName ?? {})
    .map(([name, n]) => `${n} ${name}`)
    .join(', ');
  return `${f.failedRequests ?? 0} of ${f.requests ?? 0}${names ? ` (${names})` : ''}`;
}

export function faultTable(result: ChaosResult): string {
  const t0 = result.faults[0]?.startedAt ?? 0;
  const rows = result.faults.map(
    (f) =>
      `| ${f.kind}${f.worker === undefined ? '' : ` (process ${f.worker})`} | +${s(f.startedAt - t0)} | ${s(f.endedAt - f.startedAt)} | ${failed(f)} | ${s(f.createOrderMs)} | ${s(f.pipelineMs)} | ${s(f.partitionsMs)} |`,
  );
  return [
    '| fault | at (from the first) | lasted | failed k6 requests until recovered | create-order answers again after the hit | pipeline caught up after the end | partitions owned again after the kill |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

export function verdictLines(result: ChaosResult): string[] {
  return [
    `verdict: ${result.ok ? 'PASS' : 'FAIL'}`,
    `  audit ${result.audit.ok ? 'PASS' : 'FAIL'} (${result.audit.results.filter((r) => r.ok).length}/${result.audit.results.length} invariants)`,
    ...result.checks.map(
      (c) => `  ${c.ok ? 'PASS' : 'FAIL'} ${c.id} ${c.title}: ${c.details.join('; ')}`,
    ),
    `  pipeline settled: ${result.settled ? 'yes' : 'NO'} ${JSON.stringify(result.pipeline)}`,
    `  every fault recovered within the bound: ${result.faults.every((f) => f.createOrderMs !== null && f.pipelineMs !== null && f.partitionsMs !== null) ? 'yes' : 'NO'}`,
  ];
}

export function formatChaos(result: ChaosResult): string {
  const k6 = result.k6;
  return [
    `chaos sellout: N = ${result.numbers}, seed ${result.seed}, ${result.rate} buyers/s, ${result.seconds.toFixed(0)} s in all`,
    k6
      ? `k6: ${k6.ordersCreated} orders accepted, ${k6.purchasesPaid} paid by their buyer (${k6.numbersPaid} numbers), ${k6.soldOutAnswers} sold-out answers; ${result.requests.failed} of ${result.requests.total} requests failed`
      : 'k6: no summary',
    '',
    faultTable(result),
    '',
    formatReport(result.audit),
    '',
    ...verdictLines(result),
  ].join('\n');
}

/** The section of RESULTS.md for this run. */
export function chaosMarkdown(result: ChaosResult, when: Date): string {
  return [
    `### Run of ${when.toISOString().slice(0, 16).replace('T', ' ')} UTC: N = ${result.numbers}, seed ${result.seed}, ${result.rate} buyers/s — ${result.ok ? 'PASS' : 'FAIL'}`,
    '',
    `${cpus().length} cores, load average ${result.loadAverage.start.toFixed(1)} at the start and ${result.loadAverage.end.toFixed(1)} at the end (other work shared the machine); ${result.seconds.toFixed(0)} s in all.`,
    result.k6
      ? `k6: ${result.k6.ordersCreated} orders accepted, ${result.k6.purchasesPaid} paid by their buyer, ${result.k6.soldOutAnswers} sold-out answers; ${result.requests.failed} of ${result.requests.total} requests failed over the whole run.`
      : '',
    '',
    faultTable(result),
    '',
    '```',
    ...verdictLines(result),
    '```',
    '',
  ].join('\n');
}
