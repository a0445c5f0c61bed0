// Where infrastructure lives on disk. Everything built or downloaded goes under the
// git-ignored .cache/ folder; runtime state (databases, pid files) under data/.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const cacheDir = path.join(repoRoot, '.cache');
export const binDir = path.join(cacheDir, 'bin');
export const dataDir = path.join(repoRoot, 'data');

export const ferretdbBin = path.join(binDir, 'ferretdb');
export const kafkaLibDir = path.join(cacheDir, 'kafka', 'lib');
export const k6Bin = path.join(binDir, 'k6');
export const stripeMockBin = path.join(binDir, 'stripe-mock');
/** Python virtualenv with Schemathesis (infra/schemathesis/requirements.txt). */
export const venvDir = path.join(cacheDir, 'venv');
export const schemathesisBin = path.join(venvDir, 'bin', 'schemathesis');
