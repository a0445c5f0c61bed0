#!/usr/bin/env node
// Prints the JavaScript a page loads, gzip bytes, following static imports from every
// script and island of the page. Pages are rendered by the api, so the page's HTML is
// read from a running server; the scripts from the build (dist/client).
// Usage: node scripts/js-weight.mjs [path, default /] [base URL, default http://127.0.0.1:3000]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Buffer } from 'node:buffer';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/client/', import.meta.url));
const page = process.argv[2] ?? '/';
const base = process.argv[3] ?? 'http://127.0.0.1:3000';
if (!existsSync(dist)) {
  console.error(`No existe ${dist}: ejecuta primero "npm run build -w @vag/storefront".`);
  process.exit(1);
}
const html = await globalThis
  .fetch(new URL(page, base))
  .then((res) => res.text())
  .catch(() => {
    console.error(`No responde ${base}: inicia el servidor (npm start).`);
    process.exit(1);
  });

const entries = new Set();
for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) entries.add(m[1]);
for (const m of html.matchAll(/(?:component-url|renderer-url)="([^"]+)"/g)) entries.add(m[1]);
for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
  entries.add(m[1]);

const files = new Map();
const visit = (url) => {
  if (!url.startsWith('/')) return; // third-party scripts are not ours to weigh
  const file = path.join(dist, url);
  if (files.has(file) || !existsSync(file)) return;
  const code = readFileSync(file);
  files.set(file, code);
  const text = code.toString('utf8');
  for (const m of text.matchAll(/(?:import|from)\s*["']([^"']+\.js)["']/g))
    visit(path.posix.join(path.posix.dirname(url), m[1]));
};
for (const url of entries) visit(url);

const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
  .map((m) => m[1])
  .join('\n');
const rows = [...files].map(([file, code]) => ({
  file: path.relative(dist, file),
  raw: code.length,
  gzip: gzipSync(code).length,
}));
rows.push({
  file: '(inline scripts)',
  raw: Buffer.byteLength(inline),
  gzip: gzipSync(inline).length,
});
rows.sort((a, b) => b.gzip - a.gzip);

const total = rows.reduce((sum, r) => sum + r.gzip, 0);
const totalRaw = rows.reduce((sum, r) => sum + r.raw, 0);
for (const r of rows)
  console.log(`${String(r.gzip).padStart(8)} B gz  ${String(r.raw).padStart(8)} B  ${r.file}`);
console.log(
  `\n${page}: ${rows.length} files, ${(total / 1024).toFixed(1)} KiB gzip (${(totalRaw / 1024).toFixed(1)} KiB raw)`,
);
