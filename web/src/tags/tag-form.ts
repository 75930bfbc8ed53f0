/**
 * The tag dialog without React: its values, who sees the kanban toggle, the body it sends, the colour
 * the picker shows, and its messages. Validation is the server's own schema (shared/tags.ts), so the
 * dialog refuses exactly what the API would, with the spec's messages (spec 3 §5: 'Obrigatório',
 * 'Mensagem muito curta'); they are Portuguese there and turned into keys here for the screen to
 * translate.
 */
import { can } from '../../../shared/permissions';
import { CreateTagBody, UpdateTagBody, type Tag } from '../../../shared/tags';
import type { TagBody } from '../api/tags';
import type { FieldMessages } from '../components/use-schema-form';

export interface TagFormValues {
  readonly name: string;
  /** As typed in the hex field (the picker writes it too). */
  readonly color: string;
  readonly kanban: boolean;
}

export type TagFormField = 'name' | 'color';

/** A new tag's colour until one is chosen: Fluent's brand blue, readable on both themes. */
export const DEFAULT_TAG_COLOR = '#0F6CBD';

/** Spec 3 §6: the kanban toggle is for the admin and supervisor profiles (the permission 'tags:editKanban'). */
export function showsKanbanToggle(profile: string): boolean {
  return can(profile, 'tags:editKanban');
}

export function emptyTagForm(): TagFormValues {
  return { name: '', color: DEFAULT_TAG_COLOR, kanban: false };
}

export function tagFormOf(tag: Pick<Tag, 'name' | 'color' | 'kanban'>): TagFormValues {
  return { name: tag.name, color: tag.color, kanban: tag.kanban === 1 };
}

/**
 * What the dialog sends. Without the toggle the flag is left out: the server then creates the tag off,
 * or keeps an edited tag's flag as a supervisor set it.
 */
export function tagBody(values: TagFormValues, mayEditKanban: boolean): TagBody {
  const base = { name: values.name, color: values.color.trim() };
  return mayEditKanban ? { ...base, kanban: values.kanban ? 1 : 0 } : base;
}

/** The schema the server checks the body with: POST /tags, or PUT /tags/{id} when editing. */
export function tagSchema(editing: boolean) {
  return editing ? UpdateTagBody : CreateTagBody;
}

/**
 * The colour the native picker shows for what is typed: it only takes `#rrggbb`, so a short form is
 * spread out, an alpha channel dropped, and anything else (half typed) shows black until it is a colour.
 */
export function pickerColor(typed: string): string {
  const hex = typed.trim().toLowerCase();
  if (/^#[0-9a-f]{6}([0-9a-f]{2})?$/.test(hex)) return hex.slice(0, 7);
  if (/^#[0-9a-f]{3,4}$/.test(hex)) return hex.slice(0, 4).replace(/[0-9a-f]/g, (digit) => digit + digit);
  return '#000000';
}

/** The messages of the tag schemas, by the key of their translation. */
const MESSAGE_KEYS = {
  Obrigatório: 'required',
  'Mensagem muito curta': 'tooShort',
  'Mensagem muito longa': 'tooLong',
  'Cor inválida': 'invalidColor',
} as const;

export type TagMessageKey = (typeof MESSAGE_KEYS)[keyof typeof MESSAGE_KEYS];

/** A message to show: a key of the dictionary, or the server's text as it came when unknown. */
export type TagFieldMessage = { readonly key: TagMessageKey } | { readonly text: string };

export function tagFieldMessage(message: string): TagFieldMessage {
  const key = (MESSAGE_KEYS as Readonly<Record<string, TagMessageKey>>)[message];
  return key === undefined ? { text: message } : { key };
}

/** The form's messages by field (the toggle has none: it can only send 0 or 1). */
export function tagFormErrors(messages: FieldMessages): Partial<Record<TagFormField, TagFieldMessage>> {
  const errors: Partial<Record<TagFormField, TagFieldMessage>> = {};
  if (messages.name !== undefined) errors.name = tagFieldMessage(messages.name);
  if (messages.color !== undefined) errors.color = tagFieldMessage(messages.color);
  return errors;
}
