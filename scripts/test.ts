/**
 * `npm test`: the static checks and every test, side by side rather than one after the other. The
 * infra, integration and browser tests spend much of their time waiting on their clouds, browsers and
 * timers; they run in one Jest at full priority, and set the pace of the run. Beside them, at a lower
 * priority, go the work that waits on nothing and only needs CPU: the type check with ESLint (one
 * TypeScript program for both), dependency-cruiser, and the unit tests in a Jest of their own with one
 * worker. Those take the CPU the waiting tests leave, and never starve a test's setup of it. The
 * browser-and-cloud Jest's output streams as it comes, each other's is printed when it ends, and the
 * run fails when any of them fails.
 *
 * `npm run test:changed` (`--changed`): the same checks, and only the tests of what changed since the
 * last commit (Jest's --onlyChanged: the changed test files and those that import a changed file),
 * without the browser tests. What can be cached between local runs is: the type check's build info and
 * ESLint's results, under node_modules/.cache/ (a clean clone, as CI's, starts without them).
 *
 * `npm run test:unit` and its siblings (`--layer <project>`): that one Jest project alone, without the
 * static checks.
 *
 * Arguments after `--` go to Jest (`npm test -- test/unit/tags`, `npm run test:e2e -- test/e2e/tags`).
 * Jest's `--selectProjects` takes every word after it as a project's name, so it is written after
 * them: before, `npm run test:e2e -- test/e2e/tags` ran every browser test.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './paths';

const CACHE_DIR = join(REPO_ROOT, 'node_modules', '.cache', 'atende');
const bin = (path: string) => join(REPO_ROOT, 'node_modules', path);

interface Outcome {
  readonly name: string;
  readonly ok: boolean;
  readonly seconds: number;
  readonly output: string;
}

/** The niceness of the background work where Linux's idle scheduling class cannot be had (see below). */
const BACKGROUND_PRIORITY = 10;

/**
 * util-linux's `chrt`, which runs a command in Linux's SCHED_IDLE class: it runs only on a core nothing
 * else wants, and a test's process that wakes from a wait takes the core back at once. A niceness of 10
 * still left such work a tenth of a contended core, and the waiting tests, which wake thousands of times
 * a file, each time a little later: the browser and cloud tests took 80 s longer beside the unit tests.
 */
const CHRT = ['/usr/bin/chrt', '/bin/chrt'].find((path) => existsSync(path));

/** Runs a command; its output is kept for the end unless it streams (Jest), which alone runs at full priority. */
function run(name: string, args: readonly string[], stream = false): Promise<Outcome> {
  const startedAt = Date.now();
  return new Promise((resolve) => {
    const [command, commandArgs] = stream || CHRT === undefined ? [process.execPath, args] : [CHRT, ['--idle', '0', process.execPath, ...args]];
    const child = spawn(command, commandArgs, { cwd: REPO_ROOT, stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    if (!stream && child.pid !== undefined) setPriority(child.pid, BACKGROUND_PRIORITY);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const done = (ok: boolean, extra = '') => resolve({ name, ok, seconds: (Date.now() - startedAt) / 1000, output: output + extra });
    child.once('error', (error) => done(false, error.message));
    child.once('exit', (code) => done(code === 0));
  });
}

/** Jest's arguments without `--json` and `--outputFile` (as `--outputFile=<file>` or `--outputFile <file>`). */
function withoutJsonReport(args: readonly string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (arg === '--outputFile') index += 1;
    else if (arg !== '--json' && !arg.startsWith('--outputFile=')) kept.push(arg);
  }
  return kept;
}

function report(outcome: Outcome): Outcome {
  const verdict = outcome.ok ? 'passed' : 'FAILED';
  const output = outcome.output.trim();
  process.stdout.write(`\n${outcome.name} ${verdict} in ${outcome.seconds.toFixed(0)} s${output ? `:\n${output}` : ''}\n`);
  return outcome;
}

async function main(): Promise<void> {
  // What is left once this script's own options are taken out goes to Jest.
  const jestArgs = process.argv.slice(2);
  const changed = jestArgs.includes('--changed');
  if (changed) jestArgs.splice(jestArgs.indexOf('--changed'), 1);
  const layerAt = jestArgs.indexOf('--layer');
  const layer = layerAt === -1 ? undefined : jestArgs.splice(layerAt, 2)[1];
  if (layerAt !== -1 && layer === undefined) throw new Error('--layer needs a Jest project: unit, integration, infra or e2e');
  const projects = layer !== undefined ? [layer] : changed ? ['unit', 'integration', 'infra'] : [];
  await mkdir(CACHE_DIR, { recursive: true });
  const startedAt = Date.now();

  const staticChecks = layer !== undefined ? [] : [
    // One TypeScript program for both (scripts/check-types-and-lint.ts); type-aware rules over the whole
    // repository hold it in more than Node's default heap of 4 GB. A young generation of 64 MB semi-spaces
    // instead of 16: the parse and the rules make short-lived objects by the million, which the default
    // promoted into a heap of several GB that the collector then walked again and again (38% of the
    // process's CPU); 183 CPU-seconds down to 146, the same results. And its garbage is collected on its
    // main thread alone: V8's helper threads took time on the other core, beside the tests, to finish
    // sooner a process that only fills idle time anyway (alone: 149 CPU-seconds down to 118-133, in as
    // long).
    run('Type check and ESLint', ['--max-old-space-size=8192', '--max-semi-space-size=64', '--single-threaded-gc', '--import', 'tsx', join(REPO_ROOT, 'scripts/check-types-and-lint.ts'), '--cache', CACHE_DIR]).then(report),
    run('Import circles (dependency-cruiser)', [
      bin('dependency-cruiser/bin/dependency-cruise.mjs'),
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'err',
      'shared',
      'functions',
      'infra',
      'web/src',
      'scripts',
      'test',
    ]).then(report),
  ];
  const jest = (name: string, selected: readonly string[], extra: readonly string[] = [], stream = true, args = jestArgs) =>
    run(
      name,
      [
        '--experimental-vm-modules',
        '--no-warnings=ExperimentalWarning',
        bin('jest/bin/jest.js'),
        ...(changed ? ['--onlyChanged'] : []),
        ...extra,
        ...args,
        ...(selected.length > 0 ? ['--selectProjects', ...selected] : []),
      ],
      stream,
    );
  // The whole suite: the unit tests apart, in the background (see above). Files named after `--` may
  // all be on one side, so neither Jest fails for finding none of them. A JSON report asked for
  // (`--json --outputFile=<file>`, as test:e2e-durations reads) is the browser-and-cloud Jest's alone.
  const whole = layer === undefined && !changed;
  const unitArgs = withoutJsonReport(jestArgs);
  const jests = whole
    ? [
        jest('Jest (infra, integration, browser)', ['infra', 'integration', 'e2e'], ['--passWithNoTests']),
        jest('Jest (unit)', ['unit'], ['--passWithNoTests', '--maxWorkers=1'], false, unitArgs).then(report),
      ]
    : [jest('Jest', projects)];

  const outcomes = [...(await Promise.all(jests)), ...(await Promise.all(staticChecks))];
  const failed = outcomes.filter((outcome) => !outcome.ok);
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(0);
  process.stdout.write(
    `\n${outcomes.map((outcome) => `${outcome.name}: ${outcome.ok ? 'passed' : 'FAILED'} (${outcome.seconds.toFixed(0)} s)`).join('\n')}\n` +
      `${failed.length === 0 ? 'All passed' : `${failed.length} failed`} in ${seconds} s.\n`,
  );
  process.exit(failed.length === 0 ? 0 : 1);
}

void main();
