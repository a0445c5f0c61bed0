// What the buyers met: every k6 request (its CSV output, one `http_reqs` row per request
// with its time, tag name and whether its status was expected), and the orders the api
// accepted (the `order-accepted <purchaseId> <quantity>` lines of LOG_ORDERS=1).
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { FaultRecord } from './faults';

export interface K6Request {
  at: number;
  name: string;
  ok: boolean;
}

export async function readRequests(csvPath: string): Promise<K6Request[]> {
  const lines = createInterface({ input: createReadStream(csvPath), crlfDelay: Infinity });
  const requests: K6Request[] = [];
  let column: Record<string, number> | null = null;
  for await (const line of lines) {
    const cells = line.split(',');
    if (!column) {
      column = Object.fromEntries(cells.map((c, i) => [c, i]));
      continue;
    }
    if (cells[column.metric_name!] !== 'http_reqs') continue;
    requests.push({
      at: Number(cells[column.timestamp!]),
      name: cells[column.name!] ?? '',
      ok: cells[column.expected_response!] === 'true',
    });
  }
  return requests;
}

export function acceptedOrders(k6Output: string): Array<{ purchaseId: string; quantity: number }> {
  return [...k6Output.matchAll(/order-accepted (\S+) (\d+)/g)].map((m) => ({
    purchaseId: m[1]!,
    quantity: Number(m[2]),
  }));
}

/** Requests (and failed ones, by name) from the hit until the fault's last recovery. */
export function attributeRequests(record: FaultRecord, requests: K6Request[]): void {
  const recovered = Math.max(
    record.endedAt,
    record.startedAt + (record.createOrderMs ?? 0),
    record.endedAt + (record.pipelineMs ?? 0),
    record.startedAt + (record.partitionsMs ?? 0),
  );
  const during = requests.filter((r) => r.at >= record.startedAt && r.at <= recovered);
  record.requests = during.length;
  record.failedRequests = 0;
  record.failedByName = {};
  for (const r of during.filter((x) => !x.ok)) {
    record.failedRequests++;
    record.failedByName[r.name] = (record.failedByName[r.name] ?? 0) + 1;
  }
}
