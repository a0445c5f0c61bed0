// What a worker thread of run.ts can do, by name: each takes and answers plain data (what
// structured clone carries), and throws the module's own error for a refusal. Loaded when
// the worker starts, so a job's time limit counts only the job.
import { readStatementHere } from '../bank-statements/read-file';
import { p12Parts } from '../invoices/certificate';

export const OFF_THREAD_TASKS: Record<string, (input: never) => unknown> = {
  statement: (data: Uint8Array) => readStatementHere(Buffer.from(data)),
  p12: ({ p12, password, now }: { p12: Uint8Array; password: string; now: Date }) =>
    p12Parts(Buffer.from(p12), password, now),
};
