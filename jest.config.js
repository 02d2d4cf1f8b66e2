import { availableParallelism } from 'node:os'

/**
 * How every test file is compiled: TypeScript to ESM through @swc/jest, which strips the types and checks
 * none (`tsc --noEmit` type-checks src, tests and scripts once, in `npm run lint` and CI). Its compiler is
 * an optional dependency of @swc/core (one binary per platform, from the npm registry), so nothing is
 * downloaded at install or run time.
 */
const typescript = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'es6' },
        // Line numbers of a failing test's stack point at the TypeScript source.
        sourceMaps: 'inline'
      }
    ]
  }
}

/** @type {import('jest').Config} */
export default {
  // Jest's default is one worker per core but one, so one worker on a two-core machine. An end-to-end file
  // spends a third to a half of its time waiting on the action's child process, the simulator or real time
  // (the fault matrix's 30 s request timeout, a cancelled run's last words to GitHub, a back-off), so two
  // workers more than cores keep the cores busy around them. Every test holds at any machine speed, so a loaded
  // machine only makes it slower.
  maxWorkers: availableParallelism() + 2,
  // The few longest files first, also in a fresh clone that has no timings yet (see the file).
  testSequencer: '<rootDir>/jest.sequencer.js',
  // 15 s a unit test (Jest's default is 5 s): a hung test still fails soon, and one that sends hundreds of
  // requests to the simulator (a second on a quiet machine) holds on a loaded one, where it took over 5 s.
  testTimeout: 15_000,
  // src/ only: the end-to-end tests run dist/index.js in a child process, which this does not measure.
  collectCoverageFrom: ['src/**/*.ts'],
  // A floor under what the unit suite reaches, with a margin. The sweep's executor, the gate and the steering of
  // the other operations, the docs check's statuses and notes, improve/ and the sub-actions' steps and entries
  // are tested here in-process behind their seams (the simulator on 127.0.0.1, the toolkit's fake), as the
  // download, the searches asked again and unreachable hosts were: 95.9% statements, 89.6% branches, 96.8%
  // functions and 97.3% lines (89.7/84.9/89.3/91.0 while the sweep and the sub-actions were tested only end
  // to end on dist/index.js, where this cannot see).
  coverageThreshold: { global: { statements: 90, branches: 85, functions: 90, lines: 90 } },
  coverageReporters: ['text-summary'],
  projects: [
    {
      ...typescript,
      displayName: 'unit',
      testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
      testPathIgnorePatterns: ['<rootDir>/__tests__/e2e/', '<rootDir>/__tests__/contracts/']
    },
    {
      ...typescript,
      displayName: 'e2e',
      // The contract tests (__tests__/contracts/) run dist/index.js too, against Prism mocks.
      testMatch: ['<rootDir>/__tests__/e2e/**/*.test.ts', '<rootDir>/__tests__/contracts/**/*.test.ts'],
      // 120 s a test (Jest reads testTimeout only globally: this file sets the e2e project's own).
      setupFilesAfterEnv: ['<rootDir>/__tests__/e2e/timeout.ts'],
      // Runs only when an end-to-end test is selected: dist/ is rebuilt first unless it is the bundle of src/.
      globalSetup: '<rootDir>/scripts/dist-freshness.ts'
    }
  ]
}
