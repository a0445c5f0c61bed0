// What every process of the product shares: configuration, the store, the event bus, its
// logger and the services made once per process (the outbox relay, the settings in
// force, the reconciler, the background catch-ups). The api adds its own (the JWT
// secret, its caches); the workers need nothing more. Services are fields here, never looked up by the identity of a deps
// object: a copy of deps (the embedded workers get one with their own pool) reaches the
// same relay and the same settings.
import type { Db } from 'mongodb';
import type { Logger } from 'pino';
import type { EventBus } from './bus';
import type { Env } from './env';
import type { PurchaseDoc } from './db/purchases';
import type { SettingsDoc } from './db/settings';
import type { RequestPathFirst } from './pipeline/request-path-first';

/** What a process connects to before it makes its services. */
export interface BaseDeps {
  env: Env;
  db: Db;
  bus: EventBus;
  log: Logger;
  /**
   * Where the api and the consumers share a process (the embedded default): how the
   * buyers' requests fare, so that background senders yield to them.
   */
  requestPath?: RequestPathFirst;
}

/** The services a process makes once (core/src/services.ts) and every copy of its deps shares. */
export interface CoreServices {
  relay: OutboxRelay;
  settings: LiveSettings;
  reconciler: Reconciler;
  catchUps: CatchUps;
}

export interface CoreDeps extends BaseDeps, CoreServices {}

/** Anything a process starts and must stop on shutdown: a job, a worker, a server. */
export interface Stoppable {
  stop(): Promise<void>;
}

/** A purchase's outbox as a transition just wrote it. */
export type Outboxed = Pick<PurchaseDoc, '_id' | 'outbox' | 'relayDue'>;

/** Publishes the outbox entries transitions write (pipeline/relay.ts). */
export interface OutboxRelay {
  /**
   * Publishes pending entries soon: the given purchase's (as its transition answered it,
   * when given), or every pending entry. Until `start`, each kick publishes at once.
   */
  kick(purchaseId?: string, written?: Outboxed): void;
  /** Runs the relay: kicks go through it, and a periodic scan catches what they missed. */
  start(): Promise<Stoppable>;
}

/** The operator settings in force in this process (settings/live-settings.ts). */
export interface LiveSettings {
  current(): Promise<SettingsDoc>;
  /** Forgets this process's copy; the next read loads the stored settings. */
  forget(): void;
  /** After a save here: use what was saved without reading it back. */
  use(saved: SettingsDoc): void;
}

/** Keeps counters and the numbers queue true to the purchases (pipeline/reconciler.ts). */
export interface Reconciler {
  start(): Promise<Stoppable>;
  /** Resolves once the pass in progress, if any, has ended. */
  idle(): Promise<void>;
}

/** The background catch-ups of one process (catch-ups.ts), which `/api/health` names. */
export interface CatchUps {
  /** The names of the catch-ups running now, e.g. ['reports']. */
  running(): string[];
  /** Runs `work` counted as the catch-up `name` until it settles. */
  track<T>(name: string, work: () => Promise<T>): Promise<T>;
}
