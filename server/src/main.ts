// The server process: `npm start` runs it with the embedded defaults (api and workers in
// one process); the scaled mode runs it with WORKERS=none beside `npm run workers`.
import { createLogger, parseEnv } from '@vag/core';
import { startServer } from './server';

let env;
try {
  env = parseEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const log = createLogger(env.LOG_LEVEL);
const server = await startServer(env, log);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  await server.stop();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
