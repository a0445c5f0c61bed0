/// <reference types="node" />
// Reads this package's own sources (a test only: the package itself does no I/O).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The package's modules that build zod schemas (a value import of zod), tests aside. */
function schemaModules(): string[] {
  return readdirSync(here, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .filter((file) =>
      /^import \{[^}]*\} from 'zod';/m.test(readFileSync(path.join(here, file), 'utf8')),
    );
}

describe('zod settings', () => {
  it('are in place before any schema is built: each schema module imports them or common.ts', () => {
    const modules = schemaModules();
    expect(modules.length).toBeGreaterThan(10);
    const missing = modules.filter((file) => {
      if (file === 'zod-locale.ts') return false;
      const text = readFileSync(path.join(here, file), 'utf8');
      return !/^import '(\.\.?\/)+zod-locale';|from '(\.\.?\/)+common';/m.test(text);
    });
    expect(missing).toEqual([]);
  });
});
