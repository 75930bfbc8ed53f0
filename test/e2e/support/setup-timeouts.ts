// A browser test's setup and steps wait on a cloud, a session host and Chromium that share two cores
// with the other worker's: twice the unit and integration tests' allowance, so a loaded machine is slow
// rather than red. Locators keep their own, shorter wait (browser.ts ACTION_TIMEOUT_MS).
import { jest } from '@jest/globals';

jest.setTimeout(120_000);
