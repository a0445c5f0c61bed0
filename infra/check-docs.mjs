#!/usr/bin/env node
// Citations a reader can follow: every `SPEC §n` and `DESIGN §…` in the repository names a
// heading of docs/SPEC.md or docs/DESIGN.md, and no source file cites an issue number (a
// newcomer cannot open the tracker; a comment says why and cites the docs instead). Run by
// `npm test` beside the lint; alone: `node infra/check-docs.mjs`. Reads the tracked files
// only (git ls-files), so it takes well under a second.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CODE = /\.(ts|tsx|mts|mjs|cjs|js|astro|toml|ya?ml|sh)$/;
const TEXT = /\.(ts|tsx|mts|mjs|cjs|js|astro|toml|ya?ml|sh|md)$/;
// Files that are not ours to word: vendored upstream sources, generated lock files.
const FOREIGN =
  /(^|\/)(node_modules|_module|vendor)\/|package-lock\.json$|^infra\/check-docs\.mjs$/;
const ISSUE = /\bissues? #?\d+/i;

function headings(file) {
  return readFileSync(path.join(root, file), 'utf8')
    .split('\n')
    .filter((line) => /^#{1,6} /.test(line))
    .map((line) => line.replace(/^#+ /, '').trim());
}

/** `SPEC §7` resolves when docs/SPEC.md has a heading "7. …". */
function specSections() {
  return new Set(
    headings('docs/SPEC.md')
      .map((h) => /^(\d+)\./.exec(h)?.[1])
      .filter(Boolean),
  );
}

/** `DESIGN §I3` (an invariant), `DESIGN §"The shape"` (a heading starting with the words). */
function designResolves(cited, design) {
  const words = cited.replace(/^["“]|["”.,;:)`]+$/g, '');
  if (/^I\d$/.test(words)) return design.invariants.has(words);
  return design.headings.some((h) => h.toLowerCase().startsWith(words.toLowerCase()));
}

export function checkDocs() {
  const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((f) => TEXT.test(f) && !FOREIGN.test(f));
  const spec = specSections();
  const design = {
    headings: headings('docs/DESIGN.md'),
    invariants: new Set(
      [...readFileSync(path.join(root, 'docs/DESIGN.md'), 'utf8').matchAll(/\*\*(I\d) /g)].map(
        (m) => m[1],
      ),
    ),
  };
  const problems = [];
  for (const file of files) {
    let text;
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch {
      continue; // listed by git but deleted in the work tree
    }
    text.split('\n').forEach((line, i) => {
      const where = `${file}:${i + 1}`;
      for (const m of line.matchAll(/SPEC §\s?(\d+)/g))
        if (!spec.has(m[1])) problems.push(`${where}: SPEC §${m[1]} is no section of docs/SPEC.md`);
      for (const m of line.matchAll(/DESIGN §\s?("[^"]+"|\S+)/g))
        if (!designResolves(m[1], design))
          problems.push(`${where}: DESIGN §${m[1]} is no heading of docs/DESIGN.md`);
      if (CODE.test(file) && ISSUE.test(line))
        problems.push(`${where}: cites an issue number; say why and cite docs/ instead`);
    });
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = checkDocs();
  for (const p of problems) console.error(`✗ ${p}`);
  if (problems.length === 0) console.log('✓ docs citations resolve; no comment cites an issue');
  process.exitCode = problems.length === 0 ? 0 : 1;
}
