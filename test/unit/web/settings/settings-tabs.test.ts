/** The settings page's tabs: Opções always, Horários with company work hours, and what a vanished tab falls back to. */
import { shownTab, SUPER_TABS, visibleTabs } from '../../../../web/src/settings/settings-tabs';

const companyHours = [{ key: 'scheduleType', value: 'company' }];
const queueHours = [{ key: 'scheduleType', value: 'queue' }];

describe('the settings page tabs', () => {
  it('always shows Opções first', () => {
    expect(visibleTabs([], false)[0]).toBe('options');
    expect(visibleTabs(companyHours, true)[0]).toBe('options');
  });

  it('shows Horários only while the work hours are the company’s', () => {
    expect(visibleTabs(companyHours, false)).toContain('hours');
    expect(visibleTabs(queueHours, false)).not.toContain('hours');
  });

  it('shows the super user’s tabs to the super user only', () => {
    expect(visibleTabs([], false)).toEqual(['options']);
    expect(visibleTabs([], true)).toEqual(['options', ...SUPER_TABS]);
  });

  it('falls back to Opções when the chosen tab is no longer offered', () => {
    expect(shownTab('hours', ['options'])).toBe('options');
    expect(shownTab('hours', ['options', 'hours'])).toBe('hours');
  });
});
