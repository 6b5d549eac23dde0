import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// With TEST_RESULTS_DIR set (CI), results also go to <dir>/test-results.json.
const resultsDir = process.env.TEST_RESULTS_DIR;

const INCLUDE = ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/web/**/*.test.ts', 'tests/cluster/**/*.test.ts'];

// Files that need a process of their own: they set an environment variable the server reads once, when
// its configuration module loads (TRUST_PROXY, LOG_FORMAT, MIDWAY_HTTP_PORT through alipay-world.ts,
// DB_POOL_SIZE, REDIS_PREFIX), count in the process-wide metrics registry, or make entities with the
// code helper (an applied entity joins the entity model, which the process loads once). Every other file shares
// its worker's loaded modules with the files before it: loading the server's modules once per worker
// instead of once per file saves about a quarter of the run (696 s against 947 s).
const OWN_PROCESS = [
  'tests/server/faults.test.ts',
  'tests/server/login-throttle.test.ts',
  'tests/server/metrics.test.ts',
  'tests/server/mysql-statements.test.ts',
  'tests/server/tasks.test.ts',
  'tests/server/alipay.test.ts',
  'tests/server/alipay-refund.test.ts',
  'tests/server/store-delivery.test.ts',
  'tests/server/coding.test.ts',
  'tests/server/coding-live.test.ts',
  'tests/server/coding-changesets.test.ts',
  'tests/server/coding-refusals.test.ts',
  'tests/server/coding-translate.test.ts',
  'tests/server/mcp-changesets.test.ts',
  'tests/server/declared-ai.test.ts',
];

// swc emits the decorator metadata that Midway's dependency injection reads.
export default defineConfig({
  plugins: [swc.vite({ tsconfigFile: './tsconfig.json' })],
  test: {
    // The files are listed by the two projects below (a list given here would be added to each).
    globalSetup: ['tests/helpers/global-setup.ts'],
    setupFiles: ['tests/helpers/setup.ts'],
    // Generous: with the machine's two cores busy with other work a test takes several times as
    // long as on a quiet one. Waits inside tests end on their condition, not on these limits.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    // expect.poll's own default is 1 s: a socket closed by another process, a row written by a
    // timer, can take longer than that on a busy machine. The poll ends as soon as it holds.
    expect: { poll: { timeout: 30_000 } },
    pool: 'forks',
    fileParallelism: true,
    // Three files at a time on two cores: the server tests spend much of their time waiting (on the
    // database's commits, the scheduler's ticks, sockets, other processes), leaving a core idle about
    // a third of the time with two files (four were slower again). VITEST_WORKERS sets it.
    maxWorkers: Number(process.env.VITEST_WORKERS) || 3,
    reporters: resultsDir ? ['default', 'json'] : ['default'],
    outputFile: resultsDir ? { json: `${resultsDir}/test-results.json` } : undefined,
    projects: [
      { extends: true, test: { name: 'shared', include: INCLUDE, exclude: OWN_PROCESS, isolate: false } },
      { extends: true, test: { name: 'own-process', include: OWN_PROCESS, isolate: true } },
    ],
  },
});
