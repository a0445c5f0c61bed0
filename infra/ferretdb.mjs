#!/usr/bin/env node
// `node infra/ferretdb.mjs start|stop|status`: a local ferretdb kept under data/ferretdb (see service-cli.ts).
import { ensureDependencies, loadTs } from './bootstrap.mjs';

ensureDependencies();
const { main } = await loadTs('infra/service-cli.ts');
try {
  process.exitCode = await main('ferretdb', process.argv[2]);
} catch (error) {
  console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
