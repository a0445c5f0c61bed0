// What every process of the product shares: configuration, the store, the event bus and
// its logger. The api adds its own (the JWT secret); the workers need nothing more.
import type { Db } from 'mongodb';
import type { Logger } from 'pino';
import type { EventBus } from './bus';
import type { Env } from './env';

export interface CoreDeps {
  env: Env;
  db: Db;
  bus: EventBus;
  log: Logger;
}

/** Anything a process starts and must stop on shutdown: a job, a worker, a server. */
export interface Stoppable {
  stop(): Promise<void>;
}
