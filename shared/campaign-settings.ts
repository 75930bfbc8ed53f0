/**
 * Campaign settings (spec 2 §2, §3, §9; `/campaign-settings`): the pauses between a connection's campaign
 * messages, the company's custom variables, and the words that opt a contact out of campaigns.
 *
 * The API answers them as the spec shows them, key/value pairs whose values are JSON-encoded
 * (`[{ key: 'messageInterval', value: '20' }, { key: 'variables', value: '[]' }, ...]`), and takes them as
 * the spec's client sends them, `{ settings: { messageInterval: 20, ... } }`. A key left out of the body
 * keeps its stored value.
 *
 * `optOutWords` goes beyond the spec (DESIGN §8, campaign protection): a contact whose whole answer is one
 * of them (case and accents ignored) is never sent a campaign again.
 */
import { z } from 'zod';

/** Seconds; the upper bound of the random pause between two messages of a connection (0: none). */
export const MESSAGE_INTERVAL_OPTIONS = [0, 5, 10, 15, 20] as const;
/** Messages before a longer pause (0: never), and that pause in seconds (0: none). */
export const LONGER_INTERVAL_OPTIONS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;

/** The variables every campaign message has (spec 2 §2); a custom variable may not take their names. */
export const BUILT_IN_CAMPAIGN_VARIABLES = ['nome', 'numero', 'email'] as const;

export const MAX_CAMPAIGN_VARIABLES = 50;
export const MAX_OPT_OUT_WORDS = 20;

/** A number of seconds among `options`, sent as a number or as its digits (a select's value). */
const secondsAmong = (options: readonly number[]) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/, 'Invalid').transform(Number)])
    .refine((value) => options.includes(value), `One of ${options.join(', ')}`);

export const CampaignVariable = z.object({
  key: z
    .string()
    .trim()
    .min(1, 'Required')
    .max(30, 'Too Long!')
    .regex(/^[\p{L}\p{N}_]+$/u, 'Letters, digits and _ only')
    .refine((key) => !(BUILT_IN_CAMPAIGN_VARIABLES as readonly string[]).includes(key.toLowerCase()), 'Variável já existe'),
  value: z.string().max(1_000, 'Too Long!'),
});
export type CampaignVariable = z.output<typeof CampaignVariable>;

const unique = (values: readonly string[]) => new Set(values).size === values.length;

export const CampaignSettingsValues = z.object({
  messageInterval: secondsAmong(MESSAGE_INTERVAL_OPTIONS),
  longerIntervalAfter: secondsAmong(LONGER_INTERVAL_OPTIONS),
  greaterInterval: secondsAmong(LONGER_INTERVAL_OPTIONS),
  variables: z
    .array(CampaignVariable)
    .max(MAX_CAMPAIGN_VARIABLES, 'Too Long!')
    .refine((variables) => unique(variables.map((variable) => variable.key.toLowerCase())), 'Variável já existe'),
  optOutWords: z
    .array(z.string().trim().min(1, 'Required').max(30, 'Too Long!'))
    .min(1, 'Required')
    .max(MAX_OPT_OUT_WORDS, 'Too Long!')
    .refine((words) => unique(words.map(normalizeOptOutWord)), 'Duplicated'),
});
export type CampaignSettings = z.output<typeof CampaignSettingsValues>;
export type CampaignSettingKey = keyof CampaignSettings;

/** The keys in the order the API answers them. */
export const CAMPAIGN_SETTING_KEYS: readonly CampaignSettingKey[] = [
  'messageInterval',
  'longerIntervalAfter',
  'greaterInterval',
  'variables',
  'optOutWords',
];

export const DEFAULT_CAMPAIGN_SETTINGS: CampaignSettings = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
  optOutWords: ['SAIR', 'PARAR', 'STOP'],
};

/** POST /campaign-settings. */
export const SaveCampaignSettingsBody = z.object({ settings: CampaignSettingsValues.partial().strict() });
export type SaveCampaignSettingsBody = z.output<typeof SaveCampaignSettingsBody>;

/** One pair as the API answers it: the value JSON-encoded. */
export interface CampaignSettingPair {
  readonly key: CampaignSettingKey;
  readonly value: string;
}

export const campaignSettingPairs = (settings: CampaignSettings): CampaignSettingPair[] =>
  CAMPAIGN_SETTING_KEYS.map((key) => ({ key, value: JSON.stringify(settings[key]) }));

/** The settings back from the API's pairs (or a stored item's values); each key missing or invalid takes its default. */
export function campaignSettingsFromPairs(pairs: readonly CampaignSettingPair[]): CampaignSettings {
  const read = (value: string): unknown => {
    try {
      return JSON.parse(value);
    } catch {
      return undefined;
    }
  };
  const stored = new Map(pairs.map((pair) => [pair.key, read(pair.value)]));
  return campaignSettingsOver(Object.fromEntries(stored));
}

/** The defaults with each of `values`' keys that validates put over them. */
export function campaignSettingsOver(values: Readonly<Record<string, unknown>> | undefined): CampaignSettings {
  const settings: Record<string, unknown> = { ...DEFAULT_CAMPAIGN_SETTINGS };
  for (const key of CAMPAIGN_SETTING_KEYS) {
    const parsed = CampaignSettingsValues.shape[key].safeParse(values?.[key]);
    if (parsed.success) settings[key] = parsed.data;
  }
  return settings as CampaignSettings;
}

/** How a customer's answer is compared with the opt-out words: trimmed, upper case, without accents. */
export function normalizeOptOutWord(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').trim().toUpperCase();
}
