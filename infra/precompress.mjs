// Writes `<file>.br` and `<file>.gz` beside every compressible file of a built site, at
// the highest settings (done once at build, so the server only picks the right file).
// Usage: node infra/precompress.mjs <dir>   (also imported by the storefront's build)
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|xml|txt|webmanifest|map)$/i;
const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

export async function precompress(dir) {
  let count = 0;
  for await (const file of files(dir)) {
    if ((await stat(file)).size < MIN_BYTES) continue;
    const data = await readFile(file);
    const br = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    const gz = gzipSync(data, { level: 9 });
    // A copy that saves nothing is left out: the server then sends the original.
    if (br.length < data.length) await writeFile(`${file}.br`, br);
    if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
    count++;
  }
  return count;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('Uso: node infra/precompress.mjs <carpeta>');
    process.exit(1);
  }
  console.log(`precompress: ${await precompress(path.resolve(dir))} archivos en ${dir}`);
}
