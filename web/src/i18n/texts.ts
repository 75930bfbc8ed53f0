/**
 * Typed dictionaries: each area of the app declares its strings once per language with `defineTexts`,
 * Portuguese first (the default). The English and Spanish objects must have exactly the Portuguese
 * keys, so a string missing in a language is a type error, not a blank on screen. Should one slip
 * through anyway (an empty string, a cast), the Portuguese text is shown: Portuguese is the fallback
 * language (spec 3 §1). Placeholders are written `{{name}}` and filled by `format`. A text that counts
 * something has a form per plural category of its language (`{ one, other }`), chosen by `countText`
 * with the browser's Intl.PluralRules: '1 ticket', '2 tickets', never '1 tickets'.
 */
import { LANGUAGE_TAGS, useLanguage, type Language } from './language';

/** The shape of a dictionary with every leaf a string (the Portuguese object's literal types widened). */
export type Texts<T> = { readonly [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

export type Dictionary<T> = { readonly pt: T } & { readonly [L in Exclude<Language, 'pt'>]: Texts<T> };

export function defineTexts<const T>(dictionary: Dictionary<T>): Dictionary<T> {
  return dictionary;
}

/** The dictionary in the current language. */
export function useTexts<T>(dictionary: Dictionary<T>): Texts<T> {
  return textsIn(dictionary, useLanguage().language);
}

/** Each dictionary's texts per language with the Portuguese fallback applied, built once. */
const resolved = new WeakMap<object, Map<Language, unknown>>();

export function textsIn<T>(dictionary: Dictionary<T>, language: Language): Texts<T> {
  if (language === 'pt') return dictionary.pt as Texts<T>;
  let byLanguage = resolved.get(dictionary);
  if (byLanguage === undefined) {
    byLanguage = new Map();
    resolved.set(dictionary, byLanguage);
  }
  if (!byLanguage.has(language)) byLanguage.set(language, withFallback(dictionary.pt, dictionary[language]));
  return byLanguage.get(language) as Texts<T>;
}

/** `texts` where it has a non-empty string, else `fallback`, leaf by leaf. */
function withFallback(fallback: unknown, texts: unknown): unknown {
  if (typeof fallback === 'string') return typeof texts === 'string' && texts !== '' ? texts : fallback;
  if (typeof fallback !== 'object' || fallback === null) return fallback;
  const given = typeof texts === 'object' && texts !== null ? (texts as Record<string, unknown>) : {};
  return Object.fromEntries(
    Object.entries(fallback as Record<string, unknown>).map(([key, value]) => [key, withFallback(value, given[key])]),
  );
}

/** Fills `{{name}}` placeholders; unknown names stay visible so a missing value is noticed. */
export function format(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/**
 * The forms of a text that counts, by plural category (Intl.PluralRules: `one`, `other`, and for some
 * languages `two`, `few`, `many`); each may hold `{{count}}`. `other` is the fallback. `none` is for
 * exactly 0 (ICU's `=0`), where a language's rules would say the singular: Brazilian Portuguese
 * counts 0 as `one` ('0 ticket'), which reads wrong in a table.
 */
export interface CountTexts {
  readonly none?: string;
  readonly one: string;
  readonly other: string;
}

const pluralRules = new Map<Language, Intl.PluralRules>();

/** The form of `forms` for `count` in `language`, its `{{count}}` (and any other `values`) filled. */
export function countText(
  forms: CountTexts,
  count: number,
  language: Language,
  values: Readonly<Record<string, string | number>> = {},
): string {
  let rules = pluralRules.get(language);
  if (rules === undefined) {
    rules = new Intl.PluralRules(LANGUAGE_TAGS[language]);
    pluralRules.set(language, rules);
  }
  const category = rules.select(count);
  const template = (count === 0 ? forms.none : undefined) ?? (forms as unknown as Readonly<Record<string, string | undefined>>)[category] ?? forms.other;
  return format(template, { ...values, count });
}

/** `countText` in the current language. */
export function useCountText(): (forms: CountTexts, count: number, values?: Readonly<Record<string, string | number>>) => string {
  const { language } = useLanguage();
  return (forms, count, values) => countText(forms, count, language, values);
}
