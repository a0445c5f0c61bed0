// The api process: `npm start` runs it with the embedded defaults.
import { serve } from '@hono/node-server';
import { createLogger } from './logger';
import { parseEnv } from './env';
import { startRuntime } from './runtime';

let env;
try {
  env = parseEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const log = createLogger(env.LOG_LEVEL);
const runtime = await startRuntime(env, log);
const server = serve({ fetch: runtime.app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  log.info({ port: info.port, bus: runtime.deps.bus.kind, workers: env.WORKERS }, 'api listening');
});

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  server.close();
  await runtime.stop();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
