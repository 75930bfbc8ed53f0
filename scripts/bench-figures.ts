/**
 * Pure arithmetic of the load benchmark (bench-load.ts), kept apart so it is unit tested: how many
 * sequential DynamoDB steps a request took, and the figures table it prints.
 */

/** One DynamoDB call of a request, by when it was sent and when it was answered (any clock, same units). */
export interface CallSpan {
  readonly start: number;
  readonly end: number;
}

/**
 * How many times the request waited on DynamoDB one step after another: calls that overlap in time
 * (sent together, e.g. Promise.all) are one step; a call sent after every call of the step before
 * it was answered starts a new one. A request that loads its caller, then its data, is 2 steps.
 */
export function sequentialSteps(calls: readonly CallSpan[]): number {
  const byStart = [...calls].sort((a, b) => a.start - b.start);
  let steps = 0;
  let stepEnd = Number.NEGATIVE_INFINITY;
  for (const call of byStart) {
    if (call.start >= stepEnd) steps += 1;
    stepEnd = call.start >= stepEnd ? call.end : Math.max(stepEnd, call.end);
  }
  return steps;
}

/** A figure and its target, as one cell: '212 (>= 250 ✗)'. Targets are compared, never asserted. */
export function againstTarget(value: number, digits: number, target: { readonly atLeast?: number; readonly atMost?: number } | undefined): string {
  const shown = value.toFixed(digits);
  if (!target) return shown;
  if (target.atLeast !== undefined) return `${shown} (>= ${target.atLeast} ${value >= target.atLeast ? 'ok' : 'MISS'})`;
  if (target.atMost !== undefined) return `${shown} (<= ${target.atMost} ${value <= target.atMost ? 'ok' : 'MISS'})`;
  return shown;
}

/** Left-aligned columns, each as wide as its widest cell, two spaces apart, indented by two. */
export function renderTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  return [header, ...rows]
    .map((row) => `  ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')}`.trimEnd())
    .join('\n');
}

/**
 * The CPU a thread has used, in clock ticks (user + system), from its /proc/<pid>/task/<tid>/stat line.
 * The name field may hold spaces and parentheses, so the fields are counted after its last ')'.
 */
export function cpuTicksOfStat(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the name: state is field 3 of the line, utime 14 and stime 15 (proc(5)).
  return Number(fields[11]) + Number(fields[12]);
}

/** How the CPU of a process's threads over a window splits: the main thread, the busiest other one, the rest. */
export interface ThreadSplit {
  readonly main: number;
  readonly busiestOther: number;
  readonly rest: number;
}

/** From two readings of every thread's CPU (tid to ticks); a thread born in between counts from 0. */
export function splitThreads(before: ReadonlyMap<string, number>, after: ReadonlyMap<string, number>, mainTid: string): ThreadSplit {
  let main = 0;
  const others: number[] = [];
  for (const [tid, ticks] of after) {
    const used = ticks - (before.get(tid) ?? 0);
    if (tid === mainTid) main = used;
    else others.push(used);
  }
  const busiestOther = Math.max(0, ...others);
  return { main, busiestOther, rest: others.reduce((sum, used) => sum + used, 0) - busiestOther };
}
