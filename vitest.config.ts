// One vitest run for the whole repo (`npm test` → infra/test.mjs → `vitest run`): a
// project per workspace, and one FerretDB and one Kafka for all of them, started by
// the global setup and handed to tests as VAG_TEST_MONGODB_URL / VAG_TEST_KAFKA_BROKERS.
// Run one project with `npx vitest run --project api`.
import { defineConfig } from 'vitest/config';

const ignored = ['**/node_modules/**', '**/dist/**', '**/.astro/**'];

// Integration and browser tests start servers and Chromium on a 2-core machine.
const shared = {
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // expect.poll waits on a condition; vitest's default gives up after 1 s, less than a
  // debounced search (300 ms, then react-admin's 500 ms) and its request take on a busy box.
  expect: { poll: { timeout: 10_000 } },
  exclude: ignored,
};

const project = (name: string, include: string[], extra: Record<string, unknown> = {}) => ({
  test: { ...shared, name, root: `./${name}`, include, ...extra },
});

export default defineConfig({
  test: {
    // Only here, never inherited by the projects (no `extends`), so it runs once.
    globalSetup: ['./infra/testing/global-setup.ts'],
    maxWorkers: 2,
    projects: [
      project('contracts', ['src/**/*.test.ts']),
      project('core', ['src/**/*.test.ts']),
      project('api', ['src/**/*.test.ts']),
      project('workers', ['src/**/*.test.ts']),
      project('server', ['src/**/*.test.ts']),
      project('storefront', ['src/**/*.test.{ts,tsx}', 'e2e/**/*.test.ts']),
      project('admin', ['src/**/*.test.{ts,tsx}', 'e2e/**/*.test.ts']),
      // The sellout and the chaos sellout load both cores with k6 and a cluster of
      // processes: they run last and one at a time, so no browser test shares the box
      // with them.
      project('loadtests', ['**/*.test.ts'], {
        fileParallelism: false,
        sequence: { groupOrder: 1 },
      }),
      project('infra', ['**/*.test.ts']),
    ],
  },
});
