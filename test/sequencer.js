// Jest's order of test files, with one change: the browser tests come after the others. They need the
// web app's build, which runs in the background from the start of the run (test/e2e/support/
// global-setup.ts); by the time the unit, integration and infra files are done it has long ended, so
// no browser test spends its setup's time waiting for it. Within each group Jest's own order stands
// (failed last time first, then the slowest first).
import Sequencer from '@jest/test-sequencer';

const isBrowserTest = (test) => test.context.config.displayName?.name === 'e2e';

export default class BrowserTestsLast extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests);
    return [...sorted.filter((test) => !isBrowserTest(test)), ...sorted.filter(isBrowserTest)];
  }
}
