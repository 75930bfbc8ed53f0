// What a test file gets when it imports 'playwright-core' (jest.config.js, moduleNameMapper): the
// worker's one copy of the package, loaded by test/environment.js. Each export is named here so that
// Jest's ES-module interop sees it; a test needing another one adds it to this list.
const playwright = globalThis[Symbol.for('atende.test.playwright-core')];

exports.chromium = playwright.chromium;
exports.errors = playwright.errors;
