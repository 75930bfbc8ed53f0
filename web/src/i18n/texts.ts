/**
 * Typed dictionaries: each area of the app declares its strings once per language with `defineTexts`,
 * Portuguese first (the default). The English and Spanish objects must have exactly the Portuguese
 * keys, so a string missing in a language is a type error, not a blank on screen; that is why no
 * runtime fallback is needed beyond unknown error codes (shown raw, spec 1 §8).
 * Placeholders are written `{{name}}` and filled by `format`.
 */
import { useLanguage, type Language } from './language';

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

export function textsIn<T>(dictionary: Dictionary<T>, language: Language): Texts<T> {
  return dictionary[language] as Texts<T>;
}

/** Fills `{{name}}` placeholders; unknown names stay visible so a missing value is noticed. */
export function format(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}
