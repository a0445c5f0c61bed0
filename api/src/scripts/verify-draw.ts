// `npm run verify-draw -- <url or file> [--purchase <id> --numbers 0042,0107]`: checks a
// raffle's published fairness record offline with the same pure code as the browser's
// verifier — the revealed key against its commitment, the prize numbers (each won one as
// soon as it is revealed, all with the draw), the sold list and the winner; with a purchase id and its numbers, that those numbers are the key's.
// The url may be the site (https://voyaganar.ec, its featured raffle), a raffle's page
// (https://voyaganar.ec/rifas/rifa-express, any raffle, also a past one) or the record itself.
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  checkBuyerNumbers,
  describeDrawRule,
  fairnessExportSchema,
  PICK_TEXTS,
  PRIZE_DISCLOSURE_TEXTS,
  purchaseReference,
  verifyFairness,
  type FairnessCheck,
  type FairnessExport,
} from '@vag/contracts';
import { hc } from 'hono/client';
import type { ApiRoutes } from '../routes';

export interface BuyerClaim {
  purchaseId: string;
  numbers: string[];
}

export interface VerifyReport {
  ok: boolean;
  lines: string[];
}

/** Reads the record from a URL or a file and runs every check; never throws for a bad record. */
export async function verifyDraw(source: string, buyer?: BuyerClaim): Promise<VerifyReport> {
  const parsed = fairnessExportSchema.safeParse(await load(source));
  if (!parsed.success)
    return { ok: false, lines: ['✘ El registro no tiene el formato esperado (versión 1).'] };
  const data = parsed.data;
  const checks = verifyFairness(data);
  if (buyer)
    checks.push(checkBuyerNumbers(data, purchaseReference(buyer.purchaseId), buyer.numbers));
  return {
    ok: checks.every((check) => check.ok),
    lines: [...summary(data), ...checks.map(line)],
  };
}

async function load(source: string): Promise<unknown> {
  if (!/^https?:\/\//i.test(source)) return JSON.parse(await readFile(source, 'utf8'));
  const url = new URL(source);
  if (url.pathname === '/' || url.pathname === '')
    url.pathname = hc<ApiRoutes>(`${url.origin}/api`).raffle.fairness.$url().pathname;
  // A raffle's own page (https://voyaganar.ec/rifas/rifa-express) names its record.
  const page = /^\/rifas\/([^/]+)\/?$/.exec(url.pathname);
  if (page)
    url.pathname = hc<ApiRoutes>(`${url.origin}/api`).raffles[':raffle'].raffle.fairness.$url({
      param: { raffle: decodeURIComponent(page[1]!) },
    }).pathname;
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url.href} respondió ${res.status}`);
  return res.json();
}

function summary(data: FairnessExport): string[] {
  const { commitment, draw } = data;
  if (!commitment) return ['La rifa aún no tiene números generados.'];
  return [
    `Rifa ${commitment.raffleRef}: ${commitment.totalNumbers} números, compromiso del ${commitment.committedAt}`,
    PICK_TEXTS.modeStated(data.mode),
    PRIZE_DISCLOSURE_TEXTS.stated(data.prizeDisclosure),
    describeDrawRule(data.rule, commitment),
    draw
      ? `Resultado oficial: sorteo N.º ${draw.result.drawNumber} del ${draw.result.drawDate}, primer premio ${draw.result.firstPrize}`
      : 'El sorteo aún no se ha realizado.',
  ];
}

function line(check: FairnessCheck): string {
  return `${check.ok ? '✔' : '✘'} ${check.message}`;
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { purchase: { type: 'string' }, numbers: { type: 'string' } },
  });
  const [source] = positionals;
  if (!source || (values.purchase === undefined) !== (values.numbers === undefined)) {
    console.error(
      'Uso: npm run verify-draw -- <url o archivo> [--purchase <id> --numbers 0042,0107]',
    );
    return 2;
  }
  const buyer =
    values.purchase && values.numbers
      ? { purchaseId: values.purchase, numbers: values.numbers.split(',') }
      : undefined;
  const report = await verifyDraw(source, buyer);
  for (const text of report.lines) console.log(text);
  return report.ok ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
