/**
 * `npm run test:e2e-durations -- <jest-output.json>`: records how long each browser test file took in a
 * run, into test/e2e/durations.json (the files of the run replace their times; the others keep theirs), which test/sequencer.js reads to start the longest files first.
 * The run's output comes from `npm run test:e2e -- --json --outputFile=<jest-output.json>`; a whole
 * run's, `npm test -- --json --outputFile=<jest-output.json>` (the browser-and-cloud Jest writes it, with
 * the unit tests and the static checks beside), gives the times that matter most.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from './paths';

const Durations = z.record(z.string(), z.number());
const JestOutput = z.object({
  testResults: z.array(z.object({ name: z.string(), startTime: z.number(), endTime: z.number() })),
});

async function main(): Promise<void> {
  const file = process.argv[2];
  if (file === undefined) throw new Error('usage: npm run test:e2e-durations -- <jest-output.json>');
  const output = JestOutput.parse(JSON.parse(await readFile(file, 'utf8')));
  const recorded = output.testResults
    .map((result) => [relative(REPO_ROOT, result.name).replaceAll('\\', '/'), Math.round((result.endTime - result.startTime) / 1000)] as const)
    .filter(([path]) => path.startsWith('test/e2e/'));
  const target = join(REPO_ROOT, 'test/e2e/durations.json');
  const durations = { ...Durations.parse(JSON.parse(await readFile(target, 'utf8'))), ...Object.fromEntries(recorded) };
  const longestFirst = Object.entries(durations).sort((a, b) => b[1] - a[1]);
  await writeFile(target, `${JSON.stringify(Object.fromEntries(longestFirst), null, 2)}\n`);
  process.stdout.write(`${recorded.length} browser files recorded in test/e2e/durations.json\n`);
}

void main();
