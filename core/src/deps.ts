// What every process of the product shares: configuration, the store, the event bus and
// its logger. The api adds its own (the JWT secret); the workers need nothing more.
import type { Db } from 'mongodb';
import type { Logger } from 'pino';
import type { EventBus } from './bus';
import type { Env } from './env';
import type { RequestPathFirst } from './pipeline/request-path-first';

export interface CoreDeps {
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

/** Anything a process starts and must stop on shutdown: a job, a worker, a server. */
export interface Stoppable {
  stop(): Promise<void>;
}
