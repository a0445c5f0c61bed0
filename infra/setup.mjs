#!/usr/bin/env node
// `node infra/setup.mjs [ferretdb|kafka|k6|stripe-mock ...]`: installs npm dependencies
// when missing and builds the named tools into .cache/ (all of them by default).
import { ensureDependencies, loadTs } from './bootstrap.mjs';

ensureDependencies();
const { ensureTools, tools } = await loadTs('infra/tools.ts');
const names = process.argv.slice(2);
const unknown = names.filter((n) => !(n in tools));
if (unknown.length > 0) {
  console.error(`unknown tool(s): ${unknown.join(', ')}; known: ${Object.keys(tools).join(', ')}`);
  process.exit(2);
}
try {
  await ensureTools(names.length > 0 ? names : undefined);
} catch (error) {
  console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
