import { againstTarget, cpuTicksOfStat, renderTable, sequentialSteps, splitThreads } from '../../../scripts/bench-figures';

describe('the sequential DynamoDB steps of one request', () => {
  test('counts the caller, then the data, as two steps', () => {
    expect(sequentialSteps([{ start: 0, end: 5 }, { start: 6, end: 9 }])).toBe(2);
  });

  test('counts calls sent together (overlapping) as one step, whatever order they are listed in', () => {
    const calls = [
      { start: 10, end: 14 },
      { start: 0, end: 4 },
      { start: 1, end: 3 },
      { start: 2, end: 5 },
      { start: 11, end: 12 },
    ];

    expect(sequentialSteps(calls)).toBe(2);
  });

  test('keeps a step open until its longest call is answered', () => {
    // The second call starts after the first short one ended, but while the long one still runs.
    expect(sequentialSteps([{ start: 0, end: 10 }, { start: 1, end: 2 }, { start: 3, end: 4 }, { start: 11, end: 12 }])).toBe(2);
  });

  test('counts a call sent the moment the step before it ended as a new step', () => {
    expect(sequentialSteps([{ start: 0, end: 5 }, { start: 5, end: 6 }])).toBe(2);
  });

  test('is 0 for a request that never called DynamoDB', () => {
    expect(sequentialSteps([])).toBe(0);
  });
});

describe('a figure beside its target', () => {
  test('says ok when a rate reaches its floor and MISS when it falls short', () => {
    expect(againstTarget(251.4, 0, { atLeast: 250 })).toBe('251 (>= 250 ok)');
    expect(againstTarget(120.0, 1, { atLeast: 250 })).toBe('120.0 (>= 250 MISS)');
  });

  test('says ok when a cost stays under its ceiling and MISS when it goes over', () => {
    expect(againstTarget(6, 2, { atMost: 6 })).toBe('6.00 (<= 6 ok)');
    expect(againstTarget(7.5, 1, { atMost: 6 })).toBe('7.5 (<= 6 MISS)');
  });

  test('shows the figure alone when it has no target', () => {
    expect(againstTarget(3.14159, 2, undefined)).toBe('3.14');
  });
});

describe('the printed table', () => {
  test('pads every column to its widest cell', () => {
    expect(renderTable(['a', 'bb'], [['ccc', 'd'], ['e', 'ffff']])).toBe(['  a    bb', '  ccc  d', '  e    ffff'].join('\n'));
  });
});

describe("a thread's CPU from /proc", () => {
  test('adds user and system ticks, even when the name holds spaces and parentheses', () => {
    const stat = '4242 (node (x) y) S 1 2 3 4 5 6 7 8 9 10 125 17 0 0 20 0 11 0';

    expect(cpuTicksOfStat(stat)).toBe(142);
  });

  test('splits a window into the main thread, the busiest other thread and the rest', () => {
    const before = new Map([
      ['1', 100],
      ['2', 50],
      ['3', 10],
    ]);
    const after = new Map([
      ['1', 130],
      ['2', 90],
      ['3', 15],
      ['4', 2],
    ]);

    expect(splitThreads(before, after, '1')).toEqual({ main: 30, busiestOther: 40, rest: 7 });
  });
});
