// The domain that the api and the workers share: configuration, logging, the document
// store's modules (db/), the event bus (bus/), number allocation (raffle/) and the
// pipeline's background transitions (pipeline/). Deeper modules are imported by path:
// `@vag/core/db/purchases`.
export type { BaseDeps, CoreDeps, Stoppable } from './deps';
export { withCoreServices } from './services';
export { parseEnv, type Env } from './env';
export { createLogger, type Logger } from './logger';
export * from './bus';
export { connectDatabase } from './db/client';
