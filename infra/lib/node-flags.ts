// How the server's processes run Node where we start them: `npm start`'s api, the
// benchmark's api and workers processes, `npm run workers` (workers/package.json, which
// cannot import this: infra/compose.test.ts keeps it equal), and the Dockerfile (as
// NODE_OPTIONS, which also reaches the workers' containers).

/**
 * A young generation of 64 MiB semi-spaces instead of V8's 16. A sale's requests and
 * events allocate short-lived objects fast; with small semi-spaces the scavenger runs
 * four times as often and copies whatever is still in flight each time. In a ramp at
 * 130 buyers/s the api spent 6.2–6.3 ms of CPU per paid purchase instead of 7.2
 * (docs/bench-history.md run 17). The cost: up to ~100 MiB more resident memory.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];
