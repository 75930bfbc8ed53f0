import { hoursAndMinutes } from '../../../../web/src/dashboard/duration';
import { dashboardTexts } from '../../../../web/src/dashboard/texts';
import { format, textsIn } from '../../../../web/src/i18n/texts';

describe('average times as hours and minutes', () => {
  test('135 minutes are 2 hours 15 minutes', () => {
    expect(hoursAndMinutes(135)).toEqual({ hours: 2, minutes: 15 });
    expect(format(textsIn(dashboardTexts, 'pt').cards.duration, { ...hoursAndMinutes(135) })).toBe('2h 15min');
  });

  test('rounds to the whole minute before splitting, so 59.6 minutes are 1 hour 0 minutes', () => {
    expect(hoursAndMinutes(59.6)).toEqual({ hours: 1, minutes: 0 });
    expect(hoursAndMinutes(12.4)).toEqual({ hours: 0, minutes: 12 });
  });

  test('shows no time, not NaN, for zero, negative or missing figures', () => {
    expect(hoursAndMinutes(0)).toEqual({ hours: 0, minutes: 0 });
    expect(hoursAndMinutes(-5)).toEqual({ hours: 0, minutes: 0 });
    expect(hoursAndMinutes(Number.NaN)).toEqual({ hours: 0, minutes: 0 });
  });

  test('keeps hours past a day as hours', () => {
    expect(hoursAndMinutes(1505)).toEqual({ hours: 25, minutes: 5 });
  });
});
