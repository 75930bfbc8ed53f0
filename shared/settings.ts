/**
 * Company settings (spec 3 §7): the keys, the values each accepts, and the defaults a new company
 * starts with. Settings are stored and answered as strings, `[{ key, value }]`, as the spec shows.
 */
import { z } from 'zod';

const enabledOrDisabled = z.enum(['enabled', 'disabled']);

export const SETTING_VALUE_SCHEMAS = {
  userRating: enabledOrDisabled,
  /** Work hours: none, per queue, or the company's weekly schedule (the Horários tab). */
  scheduleType: z.enum(['disabled', 'queue', 'company']),
  /** Whether WhatsApp calls are accepted (logged) or answered with a refusal message. */
  call: enabledOrDisabled,
  /** `enabled` ignores group messages. */
  CheckMsgIsGroup: enabledOrDisabled,
  sendGreetingAccepted: enabledOrDisabled,
  sendMsgTransfTicket: enabledOrDisabled,
  sendGreetingMessageOneQueues: enabledOrDisabled,
  chatBotType: z.enum(['text', 'button']),
  automaticLabelView: enabledOrDisabled,
  /**
   * The platform's Asaas API key (PIX charges, core/billing/asaas.ts): one for the whole platform
   * (PLATFORM_SETTINGS), write-only, never answered back (docs/architecture.md §1.6).
   */
  asaas: z.string().max(500),
  /**
   * Ours: the token Asaas sends in `asaas-access-token` with each payment notification, chosen by the
   * super user and typed in both places (Asaas's webhook settings and here). Platform-wide, write-only.
   */
  asaasWebhookToken: z.string().max(255),
  campaignsEnabled: z.enum(['true', 'false']),
  /**
   * The platform's switch for new user accounts (spec 1 §8 ERR_USER_CREATION_DISABLED): `disabled`
   * refuses the public sign-up and the users a company administrator adds. One value for the whole
   * platform (PLATFORM_SETTINGS), changed by a super user.
   */
  userCreation: enabledOrDisabled,
} as const;

export type SettingKey = keyof typeof SETTING_VALUE_SCHEMAS;

export const SETTING_KEYS = Object.keys(SETTING_VALUE_SCHEMAS) as SettingKey[];

/** Keys of the platform, not of a company: stored once, answered only to super users. */
export const PLATFORM_SETTINGS: readonly SettingKey[] = ['userCreation', 'asaas', 'asaasWebhookToken'];

/** The keys each company has (every key but the platform's). */
export const COMPANY_SETTING_KEYS: readonly SettingKey[] = SETTING_KEYS.filter((key) => !PLATFORM_SETTINGS.includes(key));

/** Keys whose value is a secret: stored, but answered as an empty string. */
export const WRITE_ONLY_SETTINGS: readonly SettingKey[] = ['asaas', 'asaasWebhookToken'];

export const DEFAULT_SETTINGS: Readonly<Record<SettingKey, string>> = {
  userRating: 'disabled',
  scheduleType: 'disabled',
  call: 'enabled',
  CheckMsgIsGroup: 'enabled',
  sendGreetingAccepted: 'disabled',
  sendMsgTransfTicket: 'disabled',
  sendGreetingMessageOneQueues: 'enabled',
  chatBotType: 'text',
  automaticLabelView: 'disabled',
  asaas: '',
  asaasWebhookToken: '',
  campaignsEnabled: 'true',
  userCreation: 'enabled',
};

export interface Setting {
  readonly key: SettingKey;
  readonly value: string;
}

export const isSettingKey = (key: string): key is SettingKey => Object.hasOwn(SETTING_VALUE_SCHEMAS, key);

/** PUT /settings/{key}: any key is well-formed here; one that is not a setting answers ERR_NO_SETTING_FOUND. */
export const SettingParams = z.object({ key: z.string().min(1, 'Required').max(100, 'Too Long!') });

/**
 * The body of PUT /settings/{key}. `key`, when sent (the spec's client sends it), must name the same
 * setting as the path; `value` is then checked against that key's schema in SETTING_VALUE_SCHEMAS.
 */
export const UpdateSettingBody = z.object({
  key: z.string().max(100, 'Too Long!').optional(),
  value: z.unknown().refine((value) => value !== undefined && value !== null, 'Required'),
});
export type UpdateSettingBody = z.output<typeof UpdateSettingBody>;
