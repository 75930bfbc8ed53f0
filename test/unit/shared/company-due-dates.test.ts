/** The Empresas tab's due-date arithmetic: moving by the recurrence, and the row colour (shared/companies.ts). */
import { addDays, addRecurrence, dueDateColour, isIsoDate } from '../../../shared/companies';

describe('addRecurrence', () => {
  it.each([
    ['2025-01-10', 'MENSAL', '2025-02-10'],
    ['2025-01-10', 'BIMESTRAL', '2025-03-10'],
    ['2025-01-10', 'TRIMESTRAL', '2025-04-10'],
    ['2025-01-10', 'SEMESTRAL', '2025-07-10'],
    ['2025-01-10', 'ANUAL', '2026-01-10'],
    ['2025-11-15', 'TRIMESTRAL', '2026-02-15'],
  ] as const)('moves %s by %s to %s', (dueDate, recurrence, expected) => {
    expect(addRecurrence(dueDate, recurrence)).toBe(expected);
  });

  it.each([
    ['2025-01-31', 'MENSAL', '2025-02-28'],
    ['2024-01-31', 'MENSAL', '2024-02-29'],
    ['2025-08-31', 'SEMESTRAL', '2026-02-28'],
    ['2025-03-31', 'MENSAL', '2025-04-30'],
    ['2024-02-29', 'ANUAL', '2025-02-28'],
    ['2025-12-31', 'BIMESTRAL', '2026-02-28'],
  ] as const)('keeps the end of the month: %s by %s is %s, never a day of the month after', (dueDate, recurrence, expected) => {
    expect(addRecurrence(dueDate, recurrence)).toBe(expected);
  });

  it('refuses a date that is not YYYY-MM-DD', () => {
    expect(() => addRecurrence('10/01/2025', 'MENSAL')).toThrow(RangeError);
    expect(() => addRecurrence('2025-02-30', 'MENSAL')).toThrow(RangeError);
  });
});

describe('dueDateColour', () => {
  const today = '2025-03-10';

  it.each([
    [5, 'yellow'],
    [4, 'orange'],
    [2, 'orange'],
    [0, 'orange'],
    [-2, 'orange'],
    [-3, 'orange'],
    [-4, 'red'],
    [6, null],
    [30, null],
    [-5, null],
    [-40, null],
  ] as const)('colours a due date %i days from today %s', (days, colour) => {
    expect(dueDateColour(addDays(today, days), today)).toBe(colour);
  });

  it('counts days across month and year ends', () => {
    expect(dueDateColour('2026-01-04', '2025-12-30')).toBe('yellow');
    expect(dueDateColour('2025-02-25', '2025-03-01')).toBe('red');
  });

  it('gives no colour to a company without a valid due date', () => {
    expect(dueDateColour(null, today)).toBeNull();
    expect(dueDateColour('', today)).toBeNull();
    expect(dueDateColour('soon', today)).toBeNull();
  });
});

describe('isIsoDate', () => {
  it('accepts real calendar dates only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('2025-1-01')).toBe(false);
  });
});
