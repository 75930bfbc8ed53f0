/**
 * `npm run bench:import`: what reading a contact import's spreadsheet costs in time and memory, for zip
 * bombs, a legal file of far too many rows, and normal files of 5,000 contacts (issue 12: uploads must
 * not exhaust the memory).
 *
 * The files are generated (test/support/spreadsheet-bombs.ts) into a temporary folder; each case runs
 * in a child process of its own (RUNS times), so its peak memory is its own: the growth of the child's
 * peak resident set (`process.resourceUsage().maxRSS`) from just before the parser is called to just
 * after it answers, and the peak of heap plus buffers over the same span, sampled every 2 ms. The time
 * is the parser's call alone (readSpreadsheet of the contact import, as POST /contacts/import calls it).
 *
 * Targets: every case answers as expected (refused with the import's message, or read); its peak memory
 * grows by less than 64 MiB; a refusal comes in less than a second. A verdict line per case; the exit
 * code is 1 when one is missed. Options: --runs 3 (the median time and the highest memory are printed).
 */
import { fork } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CONTACTS_IMPORT_MAX_ROWS } from '../shared/contacts';
import { readSpreadsheet, TOO_BIG, TOO_MANY_ROWS, UNREADABLE_FILE } from '../functions/core/use-cases/contact-spreadsheet';
import {
  honestWhitespaceBomb,
  honestZerosBomb,
  largeLegalSheet,
  lyingZerosBomb,
  manyRows,
} from '../test/support/spreadsheet-bombs';

const MB = 1024 * 1024;
const MEMORY_TARGET = 64 * MB;
const REFUSAL_TIME_TARGET_MS = 1000;

interface Case {
  readonly label: string;
  readonly fileName: string;
  readonly make: () => Buffer;
  /** The refusal's message, or the number of rows read. */
  readonly expected: string | number;
}

const csvContacts = (count: number) =>
  Buffer.from(`nome;numero\n${Array.from({ length: count }, (_, index) => `Pessoa ${index};5511${900000000 + index}`).join('\n')}\n`);

const CASES: readonly Case[] = [
  { label: 'bomb: sheet declares 278 B, inflates to 1 GB of zeros', fileName: 'bomba.xlsx', make: () => lyingZerosBomb(1024), expected: UNREADABLE_FILE },
  { label: 'bomb: 200 MB of zeros, declared honestly', fileName: 'zeros.xlsx', make: () => honestZerosBomb(200), expected: TOO_BIG },
  { label: 'bomb: sheet of 48 MB of spaces, declared honestly', fileName: 'espacos.xlsx', make: () => honestWhitespaceBomb(48), expected: TOO_BIG },
  { label: 'legal file of 520,000 contacts (.xlsx)', fileName: 'grande.xlsx', make: largeLegalSheet, expected: TOO_MANY_ROWS },
  { label: 'legal file of 140,000 contacts (.csv)', fileName: 'grande.csv', make: () => csvContacts(140_000), expected: TOO_MANY_ROWS },
  { label: '5,000 contacts (.xlsx)', fileName: 'contatos.xlsx', make: () => manyRows(CONTACTS_IMPORT_MAX_ROWS), expected: CONTACTS_IMPORT_MAX_ROWS + 1 },
  { label: '5,000 contacts (.csv)', fileName: 'contatos.csv', make: () => csvContacts(CONTACTS_IMPORT_MAX_ROWS), expected: CONTACTS_IMPORT_MAX_ROWS + 1 },
];

interface Measure {
  readonly outcome: string | number;
  readonly ms: number;
  readonly peakRssGrowth: number;
  readonly peakHeapGrowth: number;
}

/** In the child: read one file as the import does, and measure. */
async function measure(path: string, fileName: string): Promise<Measure> {
  const bytes = await readFile(path);
  const heapAndBuffers = () => {
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.arrayBuffers;
  };
  const heapBefore = heapAndBuffers();
  let heapPeak = heapBefore;
  const sampler = setInterval(() => {
    heapPeak = Math.max(heapPeak, heapAndBuffers());
  }, 2);
  const rssBefore = process.resourceUsage().maxRSS * 1024;
  const start = performance.now();
  let outcome: string | number;
  try {
    outcome = (await readSpreadsheet({ fieldName: 'file', fileName, mimeType: '', bytes })).length;
  } catch (error) {
    outcome = (error as { options?: { message?: string } }).options?.message ?? String(error);
  }
  const ms = performance.now() - start;
  const peakRssGrowth = process.resourceUsage().maxRSS * 1024 - rssBefore;
  clearInterval(sampler);
  heapPeak = Math.max(heapPeak, heapAndBuffers());
  return { outcome, ms, peakRssGrowth, peakHeapGrowth: heapPeak - heapBefore };
}

function inChild(path: string, fileName: string): Promise<Measure> {
  return new Promise((resolve, reject) => {
    // The same script, under the same loader (tsx), in a process of its own.
    const child = fork(fileURLToPath(import.meta.url), ['--child', path, '--file-name', fileName], { execArgv: process.execArgv });
    child.once('message', (message) => resolve(message as Measure));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`child exited with ${code}`));
    });
  });
}

const mebibytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MiB`;
/** File sizes in decimal megabytes, as file managers show them. */
const fileSize = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<void> {
  const { values: options } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      child: { type: 'string' },
      'file-name': { type: 'string', default: '' },
    },
  });
  if (options.child) {
    process.send?.(await measure(options.child, options['file-name']));
    return;
  }

  const runs = Math.max(1, Number(options.runs));
  const folder = await mkdtemp(join(tmpdir(), 'bench-import-'));
  let missed = false;
  try {
    console.log(`Reading each file ${runs} times, each time in a process of its own. Targets: peak memory +${mebibytes(MEMORY_TARGET)}, refusals < ${REFUSAL_TIME_TARGET_MS} ms.\n`);
    for (const benchCase of CASES) {
      const bytes = benchCase.make();
      const path = join(folder, benchCase.fileName);
      await writeFile(path, bytes);
      const measures: Measure[] = [];
      for (let run = 0; run < runs; run += 1) measures.push(await inChild(path, benchCase.fileName));

      const ms = median(measures.map((measure) => measure.ms));
      const rss = Math.max(...measures.map((measure) => measure.peakRssGrowth));
      const heap = Math.max(...measures.map((measure) => measure.peakHeapGrowth));
      const outcomes = [...new Set(measures.map((measure) => measure.outcome))];
      const refusal = typeof benchCase.expected === 'string';
      const verdicts = [
        outcomes.length === 1 && outcomes[0] === benchCase.expected,
        rss < MEMORY_TARGET,
        !refusal || ms < REFUSAL_TIME_TARGET_MS,
      ];
      const met = verdicts.every(Boolean);
      missed ||= !met;
      console.log(`${met ? 'met   ' : 'MISSED'} ${benchCase.label}, ${fileSize(bytes.length)}`);
      console.log(`       ${outcomes.map((outcome) => (typeof outcome === 'number' ? `${outcome} rows read` : `refused: ${outcome}`)).join(' | ')}`);
      console.log(`       ${ms.toFixed(0)} ms (median), peak RSS +${mebibytes(rss)}, peak heap and buffers +${mebibytes(heap)}\n`);
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  if (missed) process.exitCode = 1;
}

await main();
