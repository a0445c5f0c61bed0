// Our FerretDB build decodes stored documents in one pass (_module/internal/handler/sjson/
// fast_unmarshal.go) and writes them into one buffer (fast_marshal.go), leaving whatever
// is not in the canonical form to upstream's decoder and encoder. Their Go tests compare
// them with upstream's on random documents and on corrupted ones; upstream's own sjson
// tests, which now go through ours, run beside them.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { run } from '../lib/run';
import { patchFerretdb } from '../tools';

const workDir = mkdtempSync(path.join(tmpdir(), 'vag-sjson-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

it('decodes and encodes every stored document as upstream does, and leaves the rest to upstream', async () => {
  await patchFerretdb(workDir);
  const module = path.join(workDir, 'module');
  // Upstream's test helpers find the checkout's root by its .git folder.
  mkdirSync(path.join(module, '.git'));
  const output = await run('go', ['test', '-count=1', '-v', './internal/handler/sjson/'], {
    cwd: module,
    env: { CGO_ENABLED: '0', GOFLAGS: '-buildvcs=false' },
  });
  expect(output).toContain('--- PASS: TestFastUnmarshalDecodesWhatMarshalWrites');
  expect(output).toContain('--- PASS: TestFastUnmarshalLeavesEverythingElseToUpstream');
  expect(output).toContain('--- PASS: TestFastMarshalWritesUpstreamsBytes');
  expect(output).not.toContain('--- FAIL');
}, 300_000);
