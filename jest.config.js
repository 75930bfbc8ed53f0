// Jest runs the TypeScript sources as ES modules (middy 6 is ESM-only), transpiled by @swc/jest,
// which is several times faster and lighter than ts-jest on the CDK tests.
import { availableParallelism } from 'node:os';

const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } },
    module: { type: 'es6' },
  },
];

const project = (name, extra = {}) => ({
  displayName: name,
  testMatch: [`<rootDir>/test/${name}/**/*.test.ts`],
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  testEnvironment: '<rootDir>/test/environment.js',
  setupFiles: ['<rootDir>/test/setup-env.ts'],
  // One copy of playwright-core per worker rather than per file (test/environment.js says why).
  moduleNameMapper: { '^playwright-core$': '<rootDir>/test/playwright-core.cjs' },
  ...extra,
});

export default {
  projects: [
    project('unit'),
    project('integration'),
    project('infra'),
    project('e2e', {
      // The web app is built once per run and served by each browser test file (test/e2e/support).
      globalSetup: '<rootDir>/test/e2e/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/e2e/support/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/e2e/support/setup-timeouts.ts'],
    }),
  ],
  testTimeout: 60_000,
  testSequencer: '<rootDir>/test/sequencer.js',
  // A worker's heap grows with each file's module registry (ESM under Jest is known to keep some), and a
  // worker past 2 GB spends its time collecting garbage: past this it is replaced after its file, and its
  // shared cloud and browser with it (test/support/worker-daemon.ts starts new ones for the next file).
  workerIdleMemoryLimit: '1536MB',
  // Jest's default is one worker fewer than the cores: one on a two-core CI machine, so every file waited
  // for the one before. A worker spends much of its time waiting on its cloud, its browser or a timer,
  // so as many workers as cores, and at least two, keep the cores busy (README, Tests).
  maxWorkers: Math.max(2, availableParallelism()),
};
