import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// With TEST_RESULTS_DIR set (CI), results also go to <dir>/test-results.json.
const resultsDir = process.env.TEST_RESULTS_DIR;

// swc emits the decorator metadata that Midway's dependency injection reads.
export default defineConfig({
  plugins: [swc.vite({ tsconfigFile: './tsconfig.json' })],
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/web/**/*.test.ts', 'tests/cluster/**/*.test.ts'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    setupFiles: ['tests/helpers/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
    reporters: resultsDir ? ['default', 'json'] : ['default'],
    outputFile: resultsDir ? { json: `${resultsDir}/test-results.json` } : undefined,
  },
});
