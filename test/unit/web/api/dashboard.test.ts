/** The dashboard's API module: its keys under one root, one per filter and range. */
import { dashboardKeys } from '../../../../web/src/api/dashboard';
import { queryKeys } from '../../../../web/src/api/query-keys';

const under = (key: readonly unknown[]) => dashboardKeys.all.every((part, index) => key[index] === part);

describe('the dashboard API module', () => {
  test('puts the figures and both charts under the root key, so one invalidation reads them all again', () => {
    expect(under(dashboardKeys.figures({ days: 7 }))).toBe(true);
    expect(under(dashboardKeys.ticketsUsers({ from: '2026-11-01', to: '2026-11-26' }))).toBe(true);
    expect(under(dashboardKeys.ticketsDay({ from: '2026-11-01', to: '2026-11-26' }))).toBe(true);
    expect(queryKeys.dashboard).toBe(dashboardKeys);
  });

  test('keeps one cache entry per filter and per range', () => {
    expect(dashboardKeys.figures({ days: 7 })).not.toEqual(dashboardKeys.figures({ days: 15 }));
    expect(dashboardKeys.figures({ date_from: '2026-11-01' })).not.toEqual(dashboardKeys.figures({ date_to: '2026-11-01' }));
    expect(dashboardKeys.ticketsDay({ from: '2026-11-26', to: '2026-11-26' })).not.toEqual(dashboardKeys.ticketsDay({ from: '2026-11-25', to: '2026-11-26' }));
    expect(dashboardKeys.ticketsUsers({ from: '2026-11-01', to: '2026-11-26' })).not.toEqual(dashboardKeys.ticketsDay({ from: '2026-11-01', to: '2026-11-26' }));
  });
});
