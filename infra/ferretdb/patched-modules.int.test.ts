// The Go tests of what our FerretDB build adds to the modules it patches, run on one
// patched copy of each:
// - FerretDB decodes stored documents in one pass (_module/internal/handler/sjson/
//   fast_unmarshal.go) and writes them into one buffer (fast_marshal.go), leaving whatever
//   is not in the canonical form to upstream's decoder and encoder. Their tests compare
//   them with upstream's on random documents and on corrupted ones; upstream's own sjson
//   tests, which now go through ours, run beside them.
// - modernc's libc compares and copies memory with Go's runtime routines instead of
//   musl's loops (_libc/mem_fast_linux_amd64.go); its test compares the two.
// - modernc's SQLite driver keeps a prepared statement's program between executions
//   (_sqlite/stmt_reuse.go); its tests run it through what the store relies on.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { run } from '../lib/run';
import { goEnv, patchFerretdb } from '../tools';

const workDir = mkdtempSync(path.join(tmpdir(), 'vag-patched-'));
beforeAll(() => patchFerretdb(workDir), 300_000);
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

it('decodes and encodes every stored document as upstream does, and leaves the rest to upstream', async () => {
  const module = path.join(workDir, 'module');
  // Upstream's test helpers find the checkout's root by its .git folder.
  mkdirSync(path.join(module, '.git'));
  const output = await run('go', ['test', '-count=1', '-v', './internal/handler/sjson/'], {
    cwd: module,
    env: goEnv,
  });
  expect(output).toContain('--- PASS: TestFastUnmarshalDecodesWhatMarshalWrites');
  expect(output).toContain('--- PASS: TestFastUnmarshalLeavesEverythingElseToUpstream');
  expect(output).toContain('--- PASS: TestFastMarshalWritesUpstreamsBytes');
  expect(output).not.toContain('--- FAIL');
}, 300_000);

it.runIf(process.platform === 'linux' && process.arch === 'x64')(
  "compares, copies and moves memory as musl's libc does",
  async () => {
    const libc = path.join(workDir, 'libc');
    // Upstream's libc tests need ccgo's toolchain, whose golang.org/x/tools does not build
    // with today's Go; ours needs the standard library only.
    for (const file of readdirSync(libc))
      if (file.endsWith('_test.go') && file !== 'mem_fast_linux_amd64_test.go')
        rmSync(path.join(libc, file));
    const output = await run('go', ['test', '-count=1', '-v', '-run', 'TestFast', '.'], {
      cwd: libc,
      env: goEnv,
    });
    expect(output).toContain('--- PASS: TestFastMemcmpAgreesWithMusl');
    expect(output).toContain('--- PASS: TestFastMemcpyAndMemmoveAgreeWithMusl');
    expect(output).not.toContain('--- FAIL');
  },
  300_000,
);

it("keeps a prepared statement's program between executions, and runs it as upstream would", async () => {
  const sqlite = path.join(workDir, 'sqlite');
  // Upstream's driver tests fetch modules of their own (pprof, a TCL harness); ours need
  // the driver alone.
  for (const file of readdirSync(sqlite))
    if (file.endsWith('_test.go') && file !== 'stmt_reuse_test.go') rmSync(path.join(sqlite, file));
  const output = await run('go', ['test', '-count=1', '-v', '.'], { cwd: sqlite, env: goEnv });
  for (const name of [
    'TestKeptStatementRunsOneProgramForEveryExecution',
    'TestSameStatementRunsAgainWhileItsRowsAreOpen',
    'TestKeptStatementFollowsSchemaChanges',
    'TestSeveralStatementsInOneTextRunUpstreamsWay',
    'TestFailedAndCancelledExecutionsLeaveTheProgramUsable',
    'TestStatementClosedWhileItsRowsAreOpen',
    'TestPreparedStatementsOnAPool',
  ])
    expect(output).toContain(`--- PASS: ${name}`);
  expect(output).not.toContain('--- FAIL');
}, 300_000);
