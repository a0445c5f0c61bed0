#!/usr/bin/env node
// `npm start`: installs npm dependencies on a fresh clone, then runs infra/start-main.ts.
import { ensureDependencies, loadTs } from './bootstrap.mjs';

ensureDependencies();
const { main } = await loadTs('infra/start-main.ts');
try {
  process.exitCode = await main();
} catch (error) {
  console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
