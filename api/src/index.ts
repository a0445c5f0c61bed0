// The HTTP side of the product: the Hono app and the runtime that serves it.
export { createApp } from './app';
export type { AppDeps, AppEnv, StaffUser } from './context';
export { startRuntime, type Runtime, type RuntimeOptions } from './runtime';
