#!/usr/bin/env node
// `node infra/kafka.mjs start|stop|status`: a local kafka kept under data/kafka (see service-cli.ts).
import { ensureDependencies, loadTs } from './bootstrap.mjs';

ensureDependencies();
const { main } = await loadTs('infra/service-cli.ts');
try {
  process.exitCode = await main('kafka', process.argv[2]);
} catch (error) {
  console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
