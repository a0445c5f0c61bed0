// The product in one process: the api runtime, the event consumers when WORKERS is
// `embedded`, the demo raffle on a first start, and the HTTP listener. main.ts runs it;
// tests start the very same thing.
import type { ServerType } from '@hono/node-server';
import { startRuntime, type Runtime } from '@vag/api';
import { serveApi } from '@vag/api/lib/http-server';
import type { Env, Logger } from '@vag/core';
import { demoSignInLines, loadDemoDataIfEmpty } from '@vag/core/demo/demo-data';
import { startWorkers } from '@vag/workers';

export interface RunningServer {
  runtime: Runtime;
  /** The port it listens on (the one asked for, or the one the system gave for 0). */
  port: number;
  stop(): Promise<void>;
}

export async function startServer(
  env: Env,
  log: Logger,
  say: (text: string) => void = console.log,
): Promise<RunningServer> {
  const runtime = await startRuntime(env, log, {
    startWorkers: env.WORKERS === 'embedded' ? (deps) => startWorkers(deps) : undefined,
  });
  if (env.DEMO_DATA && (await loadDemoDataIfEmpty(runtime.deps.db))) {
    // The runtime's jobs read the settings before the demo filled them in (bank account,
    // WhatsApp): drop that copy, or checkout would offer no transfer until a restart.
    runtime.deps.settings.forget();
    say(['', ...(await demoSignInLines(runtime.deps.db, env.PUBLIC_URL)), ''].join('\n'));
  }

  const { server, port } = await listen(runtime, env);
  log.info({ port, bus: runtime.deps.bus.kind, workers: env.WORKERS }, 'api listening');
  return {
    runtime,
    port,
    stop: async () => {
      // Stop taking requests; open keep-alive connections end with the process.
      server.close();
      await runtime.stop();
    },
  };
}

function listen(runtime: Runtime, env: Env): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve) => {
    const server = serveApi(runtime.app.fetch, { port: env.PORT, hostname: env.HOST }, (info) =>
      resolve({ server, port: info.port }),
    );
  });
}
