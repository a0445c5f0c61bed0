// The sellout audit's invoices check (when electronic invoicing is on): every paid
// purchase ends with exactly one authorized factura, a refunded purchase whose factura was
// authorized has its authorized nota de crédito, no unpaid purchase is invoiced, and each
// series (establecimiento, punto de emisión, kind) runs 1..n with no gap and no number
// twice — the SRI's rule for secuenciales, which numberInvoices promises (core/src/db/invoices)
// — and every secuencial claimed (invoice_sequences, claimed in blocks) is on the document
// it names: a claimed number never written down would be one the series skips.
import type { Db } from 'mongodb';
import { invoices, type InvoiceDoc } from '../db/invoices';
import { loadInvoicingSettings } from '../invoices/settings';

type InvoiceFacts = Pick<
  InvoiceDoc,
  '_id' | 'kind' | 'series' | 'number' | 'purchaseId' | 'raffleId' | 'status' | 'accessKey'
>;

export interface InvoicesFindings {
  problems: string[];
  seen: string[];
}

/** Null when invoicing is off: nothing to check. */
export async function findInvoiceProblems(
  db: Db,
  raffleId: string,
  purchases: Array<{ _id: string; status: string }>,
): Promise<InvoicesFindings | null> {
  const settings = await loadInvoicingSettings(db);
  const docs = await invoices(db)
    .find(
      {},
      {
        projection: {
          kind: 1,
          series: 1,
          number: 1,
          purchaseId: 1,
          raffleId: 1,
          status: 1,
          accessKey: 1,
        },
      },
    )
    .toArray();
  if (!settings.enabled && docs.length === 0) return null;
  const own = docs.filter((d) => d.raffleId === raffleId);
  const claims = await db
    .collection<SequenceClaim>('invoice_sequences')
    .find({}, { projection: { series: 1, number: 1, invoiceId: 1 } })
    .toArray();
  const problems = [
    ...purchaseProblems(purchases, own),
    ...seriesProblems(docs, own),
    ...claimProblems(claims, docs, own),
  ];
  const authorized = own.filter((d) => d.status === 'autorizada');
  return {
    problems,
    seen: [
      `${authorized.filter((d) => d.kind === 'factura').length} authorized facturas, ` +
        `${authorized.filter((d) => d.kind === 'nota_credito').length} notas de crédito, ` +
        `${own.length - authorized.length} other documents`,
      ...seriesSummary(docs, own),
    ],
  };
}

function purchaseProblems(
  purchases: Array<{ _id: string; status: string }>,
  docs: InvoiceFacts[],
): string[] {
  const problems: string[] = [];
  const byPurchase = groupBy(docs, (d) => d.purchaseId);
  const status = new Map(purchases.map((p) => [p._id, p.status]));
  for (const p of purchases) {
    const own = byPurchase.get(p._id) ?? [];
    const facturas = own.filter((d) => d.kind === 'factura');
    const notas = own.filter((d) => d.kind === 'nota_credito');
    if (p.status === 'COMPLETED') {
      if (facturas.length !== 1 || facturas[0]!.status !== 'autorizada')
        problems.push(
          `COMPLETED ${p._id}: ${facturas.length} facturas (${facturas.map((f) => f.status).join(', ') || 'none'}), expected one autorizada`,
        );
    } else if (p.status === 'REFUND_REQUIRED') {
      const authorized = facturas.some((f) => f.status === 'autorizada');
      if (authorized && !(notas.length === 1 && notas[0]!.status === 'autorizada'))
        problems.push(`REFUND_REQUIRED ${p._id}: authorized factura without its nota de crédito`);
    } else if (facturas.length > 0) {
      problems.push(`${p.status} ${p._id} has a factura but was never paid`);
    }
  }
  for (const d of docs)
    if (!status.has(d.purchaseId)) problems.push(`${d.kind} ${d._id} names no purchase`);
  return problems;
}

/** Every series this raffle's documents use, over all its documents (series span raffles). */
function seriesProblems(all: InvoiceFacts[], own: InvoiceFacts[]): string[] {
  const problems: string[] = [];
  const used = new Set(own.map((d) => d.series));
  for (const [series, docs] of groupBy(all, (d) => d.series)) {
    if (!used.has(series)) continue;
    const unnumbered = docs.filter((d) => d.number === 0);
    for (const d of unnumbered) problems.push(`${d.kind} ${d._id} has no number yet`);
    const numbers = docs
      .filter((d) => d.number > 0)
      .map((d) => d.number)
      .sort((a, b) => a - b);
    numbers.forEach((n, i) => {
      if (n === numbers[i - 1]) problems.push(`${series}: secuencial ${n} given twice`);
      else if (n !== (numbers[i - 1] ?? 0) + 1)
        problems.push(`${series}: secuencial jumps from ${numbers[i - 1] ?? 0} to ${n}`);
    });
  }
  const keys = groupBy(
    all.filter((d) => d.accessKey),
    (d) => d.accessKey,
  );
  for (const [key, docs] of keys)
    if (docs.length > 1) problems.push(`access key ${key} on ${docs.length} documents`);
  return problems;
}

interface SequenceClaim {
  _id: string;
  series: string;
  number: number;
  invoiceId: string;
}

/** Each claimed secuencial of this raffle's series is the number of the document it names. */
function claimProblems(claims: SequenceClaim[], all: InvoiceFacts[], own: InvoiceFacts[]) {
  const used = new Set(own.map((d) => d.series));
  const numberOf = new Map(all.map((d) => [d._id, d.number]));
  return claims
    .filter((c) => used.has(c.series) && numberOf.get(c.invoiceId) !== c.number)
    .map(
      (c) => `${c.series}: secuencial ${c.number} claimed for ${c.invoiceId} but never given to it`,
    );
}

/** "series: 1..n" for each series this raffle's documents use (each punto de emisión's run). */
function seriesSummary(all: InvoiceFacts[], own: InvoiceFacts[]): string[] {
  const used = new Set(own.map((d) => d.series));
  return [...groupBy(all, (d) => d.series)]
    .filter(([series]) => used.has(series))
    .map(([series, docs]) => {
      const numbers = docs.map((d) => d.number).filter((n) => n > 0);
      return `${series}: ${numbers.length} secuenciales, highest ${Math.max(0, ...numbers)}`;
    });
}

function groupBy<T>(list: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of list) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
