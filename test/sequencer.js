// Jest's order of test files, by layer: infra and integration first, then the browser tests, then the
// unit tests.
// - The browser tests need the web app's build, which runs in the background from the start of the run
//   (test/e2e/support/global-setup.ts); by the time the infra and integration files are done it has
//   long ended, so no browser test spends its setup's time waiting for it.
// - The browser files go longest first, by the seconds test/e2e/durations.json records (a file missing
//   from it first of all, as if it were the longest): without Jest's timing cache, as in a clean clone,
//   Jest would order them by size, and short files that wait on timers for half a minute came last and
//   ran alone. `npm run test:e2e-durations` records a run's times.
// - The unit tests come last because they are short (about a second each), where one Jest runs them with
//   other layers (`npm run test:changed`, or Jest run by hand over several projects): while the
//   last long files run on one worker, the other takes unit files. `npm test` gives the unit tests a
//   Jest of their own in the background (scripts/test.ts).
// Within the other layers Jest's own order stands (failed last time first, then the slowest first;
// without its timing cache the largest file first).
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import Sequencer from '@jest/test-sequencer';

const LAYER_ORDER = ['infra', 'integration', 'e2e', 'unit'];
const BROWSER_DURATIONS = JSON.parse(readFileSync(new URL('./e2e/durations.json', import.meta.url), 'utf8'));

const layerOf = (test) => {
  const index = LAYER_ORDER.indexOf(test.context.config.displayName?.name);
  return index === -1 ? LAYER_ORDER.length : index;
};

/** Seconds a browser file took when recorded; an unrecorded file counts as the longest. 0 for the others. */
const recordedSeconds = (test) =>
  test.context.config.displayName?.name === 'e2e'
    ? (BROWSER_DURATIONS[relative(test.context.config.rootDir, test.path).replaceAll('\\', '/')] ?? Infinity)
    : 0;

export default class LayersInOrder extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests);
    // Array.prototype.sort is stable: Jest's order is kept where layer and recorded time are equal.
    return [...sorted].sort((a, b) => layerOf(a) - layerOf(b) || recordedSeconds(b) - recordedSeconds(a));
  }
}
