#!/usr/bin/env node
// `npm test`: installs npm dependencies on a fresh clone, then runs infra/test-main.ts.
import { ensureDependencies, loadTs } from './bootstrap.mjs';

ensureDependencies();
const { main } = await loadTs('infra/test-main.ts');
try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
