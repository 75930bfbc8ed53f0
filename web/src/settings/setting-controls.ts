/**
 * The Opções tab without React (spec 3 §7): how each settings key is edited — a switch between two
 * stored values, a select of the key's values, or a write-only secret — and which keys only a super
 * user may change (the server refuses the others: functions/core/companies/update-setting.ts). The
 * values are the server's (shared/settings.ts); the unit tests hold the two lists together, so this
 * module stays free of zod for the tab's chunk.
 */
import type { Setting, SettingKey } from '../../../shared/settings';

/** A switch: `on` is the stored value when it is on. */
export interface SwitchControl {
  readonly kind: 'switch';
  readonly key: SettingKey;
  readonly on: string;
  readonly off: string;
}

export interface SelectControl {
  readonly kind: 'select';
  readonly key: SettingKey;
  readonly values: readonly string[];
}

/** A secret: typed and saved, never shown back (docs/architecture.md §1.6). */
export interface SecretControl {
  readonly kind: 'secret';
  readonly key: SettingKey;
}

export type SettingControl = SwitchControl | SelectControl | SecretControl;

const enabledSwitch = (key: SettingKey): SwitchControl => ({ kind: 'switch', key, on: 'enabled', off: 'disabled' });

/** Every key of spec 3 §7, in the order the tab shows them: the conversation's behaviour first. */
export const SETTING_CONTROLS: readonly SettingControl[] = [
  enabledSwitch('userRating'),
  { kind: 'select', key: 'scheduleType', values: ['disabled', 'queue', 'company'] },
  enabledSwitch('call'),
  enabledSwitch('CheckMsgIsGroup'),
  enabledSwitch('sendGreetingAccepted'),
  enabledSwitch('sendMsgTransfTicket'),
  enabledSwitch('sendGreetingMessageOneQueues'),
  { kind: 'select', key: 'chatBotType', values: ['text', 'button'] },
  enabledSwitch('automaticLabelView'),
  { kind: 'switch', key: 'campaignsEnabled', on: 'true', off: 'false' },
  enabledSwitch('userCreation'),
  { kind: 'secret', key: 'asaas' },
  { kind: 'secret', key: 'asaasWebhookToken' },
];

/**
 * The platform's keys: the payment credentials, the campaigns opening beyond the plan, and the switch
 * that lets companies make new user accounts (sign-up and their users page).
 */
export const SUPER_ONLY_SETTINGS: readonly SettingKey[] = ['asaas', 'asaasWebhookToken', 'campaignsEnabled', 'userCreation'];

/** The controls a caller may use: the server would refuse the super user's keys to anyone else. */
export function controlsFor(isSuper: boolean): SettingControl[] {
  return SETTING_CONTROLS.filter((control) => isSuper || !SUPER_ONLY_SETTINGS.includes(control.key));
}

/** A key's stored value, or '' when the answer lacks it (the control then shows its off state). */
export function valueOf(settings: readonly Setting[], key: SettingKey): string {
  return settings.find((setting) => setting.key === key)?.value ?? '';
}

/** Whether the work-hours setting asks for the company's weekly schedule: the Horários tab shows. */
export function showsCompanyHours(settings: readonly { readonly key: string; readonly value: string }[]): boolean {
  return settings.some((setting) => setting.key === 'scheduleType' && setting.value === 'company');
}
