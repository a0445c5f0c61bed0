// Counts the store commands the product sends, by stage of the purchase pipeline, with
// the driver's command monitor. A consumer's commands are labelled with its group (its
// handler runs inside an AsyncLocalStorage context); the rest belong to the request the
// test is making at the time, except the outbox relay's, which are told by their fields,
// and the periodic passes' (sweeps, the sale-closing check), which are the process's upkeep.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { CommandStartedEvent, MongoClient } from 'mongodb';
import type { CoreDeps, EventBus } from '@vag/core';
import { inPeriodicPass, tracePeriodicPasses } from '@vag/core/periodic-job';

const WRITES = new Set(['insert', 'update', 'delete', 'findAndModify']);
const READS = new Set(['find', 'aggregate', 'count', 'getMore', 'distinct']);

export interface CommandCount {
  stage: string;
  /** e.g. `update purchases` */
  command: string;
  kind: 'write' | 'read';
  count: number;
}

export interface CommandCounter {
  /** Counts this client's commands too (the api's, beside the pipeline's own pool). */
  watch(client: MongoClient): void;
  /** Deps for the workers: their bus labels every handler's commands with its group. */
  label(deps: CoreDeps): CoreDeps;
  /** Commands without a consumer's label from now on belong to `stage` (a request). */
  setRequestStage(stage: string): void;
  /** Forgets everything counted so far. */
  reset(): void;
  counts(): CommandCount[];
  totals(stages?: readonly string[]): { writes: number; reads: number };
  /** A table of the counts, one line per stage and command. */
  table(): string;
  stop(): void;
}

export function countCommands(client: MongoClient, databaseName: string): CommandCounter {
  tracePeriodicPasses();
  const consumer = new AsyncLocalStorage<string>();
  let requestStage = 'background';
  const seen = new Map<string, CommandCount>();

  const listener = (event: CommandStartedEvent) => {
    if (event.databaseName !== databaseName) return;
    const name = event.commandName;
    const kind = WRITES.has(name) ? 'write' : READS.has(name) ? 'read' : null;
    if (!kind) return;
    const collection = String(event.command[name] ?? '');
    const stage = isOutboxCommand(event)
      ? 'relay'
      : inPeriodicPass()
        ? 'background'
        : (consumer.getStore() ?? requestStage);
    const command = `${name} ${collection}`;
    const key = `${stage}\u0000${command}`;
    const entry = seen.get(key) ?? { stage, command, kind, count: 0 };
    entry.count++;
    seen.set(key, entry);
  };
  const clients = [client];
  client.on('commandStarted', listener);

  return {
    watch: (other) => {
      if (clients.includes(other)) return;
      clients.push(other);
      other.on('commandStarted', listener);
    },
    label: (deps) => ({ ...deps, bus: labelledBus(deps.bus, consumer) }),
    setRequestStage: (stage) => {
      requestStage = stage;
    },
    reset: () => seen.clear(),
    counts: () => [...seen.values()],
    totals(stages) {
      const counted = [...seen.values()].filter((c) => !stages || stages.includes(c.stage));
      const sum = (kind: 'write' | 'read') =>
        counted.filter((c) => c.kind === kind).reduce((n, c) => n + c.count, 0);
      return { writes: sum('write'), reads: sum('read') };
    },
    table() {
      const rows = [...seen.values()].sort(
        (a, b) => a.stage.localeCompare(b.stage) || a.command.localeCompare(b.command),
      );
      return rows
        .map(
          (r) => `  ${r.stage.padEnd(16)} ${r.kind.padEnd(5)} ${r.command.padEnd(40)} ${r.count}`,
        )
        .join('\n');
    },
    stop: () => {
      for (const c of clients) c.off('commandStarted', listener);
    },
  };
}

/** The relay reads a purchase's outbox and marks its entries published. */
function isOutboxCommand(event: CommandStartedEvent): boolean {
  const { command } = event;
  if (event.commandName === 'find') return Boolean(command.projection?.outbox);
  if (event.commandName !== 'update') return false;
  const updates = (command.updates ?? []) as Array<{ u?: { $set?: Record<string, unknown> } }>;
  return updates.some((u) =>
    Object.keys(u.u?.$set ?? {}).some((k) => /^outbox\.[^.]+\.publishedAt$/.test(k)),
  );
}

/** The same bus, whose handlers run with their consumer group as the commands' label. */
function labelledBus(bus: EventBus, consumer: AsyncLocalStorage<string>): EventBus {
  return {
    get kind() {
      return bus.kind;
    },
    publish: (messages) => bus.publish(messages),
    subscribe: (options) =>
      bus.subscribe({
        ...options,
        handler: (message) => consumer.run(options.groupId, () => options.handler(message)),
      }),
    isHealthy: () => bus.isHealthy(),
    close: () => bus.close(),
  };
}
