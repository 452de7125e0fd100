import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url))
const alias = { '@contract': here('./contract'), '@': here('./src') }

export default defineConfig({
  test: {
    // CI reads the JSON report to print one 'N passed, M failed' line for the whole run.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: '.tmp/vitest.json' },
    projects: [
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts'],
          setupFiles: ['./tests/setup/web.ts'],
          // Whole-app renders with typing take seconds on a loaded 2-core machine; 5 s flakes.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          // Migrates once per run (a PostgreSQL template, a PGlite snapshot); each file's databases
          // are copies. PGlite boots in ~1 s per database; tests of a file share one app.
          globalSetup: ['./server/testing/global-setup.ts'],
          // Three files at a time on two cores: they wait on PostgreSQL, child processes and the
          // disk as much as they compute (150 s against 187 s one at a time, docs/benchmarks.md).
          maxWorkers: 3,
          // A project with its own maxWorkers runs as a group of its own, after the others.
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // The zod-free rules both sides share (contract/lifecycle.ts, contract/money.ts).
          name: 'contract',
          environment: 'node',
          include: ['contract/**/*.test.ts'],
        },
      },
      {
        test: {
          // The build's own code (scripts/): what it changes in dependencies.
          name: 'build',
          environment: 'node',
          include: ['scripts/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'lint',
          environment: 'node',
          include: ['tests/lint/**/*.test.ts'],
        },
      },
    ],
  },
})
