export { createApp } from './app';
export type { AppDeps, AppEnv, StaffUser } from './context';
export { parseEnv, type Env } from './env';
export { createLogger, type Logger } from './logger';
export { startRuntime, type Runtime, type Stoppable } from './runtime';
export * from './bus';
export { connectDatabase } from './db/client';
