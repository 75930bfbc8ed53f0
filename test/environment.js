// Jest's Node environment, plus two things: when a test file ends, the AsyncLocalStorage instances it
// brought into use are switched off; and playwright-core is loaded once per worker, not once per file.
//
// Why: a Jest worker runs file after file in one process, and each file loads its own copy of the
// modules that keep an AsyncLocalStorage: jest-circus's test context in every file (and playwright-core's
// zones in every browser file, until it was shared: below). On Node 20 and 22 every AsyncLocalStorage
// once used stays in a process-wide list until `disable()` is called, and every promise the process
// creates afterwards is visited by each storage in the list, which stores a property on it.
// Nobody calls `disable()` on a module registry that Jest throws away, so the list grew by one or two
// storages a file: by a worker's last files every promise carried dozens or hundreds of properties. All the
// unit tests in one process (`jest -i`) took 140 s instead of 67, most of the difference collecting garbage.
//
// A storage switched off here is switched on again by its next `run()` or `enterWith()`, so one that
// outlives the file (Jest's own, outside the file's registry) keeps working. From Node 24 a storage lives
// in the async context frame instead of that list, and switching one off only forgets its value.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import { TestEnvironment } from 'jest-environment-node';

/**
 * playwright-core, shared by the files of a worker: test/playwright-core.cjs, which Jest's
 * moduleNameMapper puts in place of the package, hands the test files this copy. The package is 7 MB
 * of JavaScript that Jest compiled and ran again for each browser file (about half a CPU-second each,
 * before any test), and it keeps no state a file could leave to the next: each file connects to the
 * browser and closes what it opened (test/e2e/support/browser.ts). Loaded by Node, not by Jest, it
 * is the same objects in every file, and its errors are one class (`instanceof errors.TimeoutError`).
 */
const SHARED_PLAYWRIGHT = Symbol.for('atende.test.playwright-core');
const require = createRequire(import.meta.url);

/** The storages brought into use since the current file started (one file at a time per worker). */
const usedByTheFile = new Set();

let watching = false;

/** Records each storage that `run` or `enterWith` switches on, once per worker process. */
function watchStorages() {
  if (watching) return;
  watching = true;
  for (const method of ['run', 'enterWith']) {
    const original = AsyncLocalStorage.prototype[method];
    AsyncLocalStorage.prototype[method] = function recordingUse(...args) {
      usedByTheFile.add(this);
      return original.apply(this, args);
    };
  }
}

export default class NodeEnvironmentThatForgetsStorages extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    watchStorages();
    // Loaded at the first file that asks for it; Node's module cache keeps it for the next files.
    Object.defineProperty(this.global, SHARED_PLAYWRIGHT, { get: () => require('playwright-core') });
  }

  async teardown() {
    await super.teardown();
    for (const storage of usedByTheFile) storage.disable();
    usedByTheFile.clear();
  }
}
