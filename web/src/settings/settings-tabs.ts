/**
 * Which tabs the settings page shows (spec 3 §2 Settings): Opções always; Horários when the work-hours
 * setting is `company`; Empresas, Planos and Ajuda for the super user only.
 */
import { showsCompanyHours } from './setting-controls';

export type SettingsTab = 'options' | 'hours' | 'companies' | 'plans' | 'helps';

/** The super user's tabs, in the spec's order. */
export const SUPER_TABS: readonly SettingsTab[] = ['companies', 'plans', 'helps'];

export function visibleTabs(
  settings: readonly { readonly key: string; readonly value: string }[],
  isSuper: boolean,
): SettingsTab[] {
  return [
    'options',
    ...(showsCompanyHours(settings) ? (['hours'] as const) : []),
    ...(isSuper ? SUPER_TABS : []),
  ];
}

/** The tab to show: the chosen one while it is offered, else Opções (the Horários tab may go meanwhile). */
export function shownTab(chosen: SettingsTab, visible: readonly SettingsTab[]): SettingsTab {
  return visible.includes(chosen) ? chosen : 'options';
}
