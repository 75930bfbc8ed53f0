/**
 * The insert-variable helper of the quick-message and schedule dialogs (spec 2 §2; checklist O-038, C-113): a template
 * variable goes where the cursor is in the message, replacing any selected text, and the cursor then
 * stands right after it, so the agent types on from there.
 */
import { TEMPLATE_VARIABLES, type TemplateVariable } from '../../../shared/templates';

/** The variables the helper offers, in the spec's order (spec 1 §3). */
export const VARIABLE_CHOICES: readonly TemplateVariable[] = TEMPLATE_VARIABLES;

/** How a variable is written in a text: `{{name}}`. */
export const variableToken = (variable: TemplateVariable): string => `{{${variable}}}`;

/** Where the cursor is (`start` = `end`) or what is selected, as a textarea reports it. */
export interface TextSelection {
  readonly start: number;
  readonly end: number;
}

export interface Inserted {
  readonly text: string;
  /** Where the cursor goes: right after what was inserted. */
  readonly cursor: number;
}

/**
 * `text` with `inserted` at the selection. A selection out of the text's bounds (the text changed since
 * it was read) is clamped to them, and a backward one is read forwards.
 */
export function insertAtCursor(text: string, selection: TextSelection, inserted: string): Inserted {
  const clamp = (position: number) => Math.min(Math.max(0, Number.isFinite(position) ? position : text.length), text.length);
  const start = Math.min(clamp(selection.start), clamp(selection.end));
  const end = Math.max(clamp(selection.start), clamp(selection.end));
  return { text: text.slice(0, start) + inserted + text.slice(end), cursor: start + inserted.length };
}
