// Jest's order of test files, by layer: infra and integration first, then the browser tests, then the
// unit tests. Within each layer Jest's own order stands (failed last time first, then the slowest first;
// without its timing cache, as in a clean clone, the largest file first).
// - The browser tests need the web app's build, which runs in the background from the start of the run
//   (test/e2e/support/global-setup.ts); by the time the infra and integration files are done it has
//   long ended, so no browser test spends its setup's time waiting for it.
// - The unit tests come last because they are short (about a second each): while the last and longest
//   browser files run on one worker, the other takes unit files, and both cores stay busy to the end.
//   Browser tests last left one worker idle for the last minutes of a run.
import Sequencer from '@jest/test-sequencer';

const LAYER_ORDER = ['infra', 'integration', 'e2e', 'unit'];

const layerOf = (test) => {
  const index = LAYER_ORDER.indexOf(test.context.config.displayName?.name);
  return index === -1 ? LAYER_ORDER.length : index;
};

export default class LayersInOrder extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests);
    // Array.prototype.sort is stable: Jest's order is kept within a layer.
    return [...sorted].sort((a, b) => layerOf(a) - layerOf(b));
  }
}
