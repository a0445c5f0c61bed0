// What a worker thread of run.ts can do, by name: each takes and answers plain data (what
// structured clone carries), and throws the module's own error for a refusal. Each loads
// its module when first asked, so a worker starts with only what its job needs.
export const OFF_THREAD_TASKS: Record<string, (input: never) => Promise<unknown>> = {
  statement: async (data: Uint8Array) => {
    const { readStatementHere } = await import('../bank-statements/read-file');
    return readStatementHere(Buffer.from(data));
  },
  p12: async ({ p12, password, now }: { p12: Uint8Array; password: string; now: Date }) => {
    const { p12Parts } = await import('../invoices/certificate');
    return p12Parts(Buffer.from(p12), password, now);
  },
};
