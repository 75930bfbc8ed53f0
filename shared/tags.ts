/**
 * Tags (spec 3 §3, §5, §7): the inputs the API accepts, with the spec's field messages, and the shapes
 * it answers. Imported by the backend and by the web's tag dialog.
 */
import { z } from 'zod';
import { HEX_COLOR, withoutControls } from './text';

/** 0 or 1, as the spec stores it; 1 makes the tag a lane of the kanban board. */
export type KanbanFlag = 0 | 1;

export interface Tag {
  readonly id: string;
  readonly name: string;
  readonly color: string;
  readonly kanban: KanbanFlag;
  /** Who created the tag; null when the creator is unknown (e.g. imported data). */
  readonly userId: string | null;
  /** Tickets carrying the tag: a counter kept by ticket tagging, never computed by scanning. */
  readonly ticketsCount: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** An item of GET /tags/list, what the ticket filters and tag pickers need. */
export type TagSummary = Pick<Tag, 'id' | 'name' | 'color' | 'kanban'>;

/** GET /tags: a page of the search. */
export interface TagPage {
  readonly tags: readonly Tag[];
  readonly hasMore: boolean;
}

/** GET /tags/kanban: the lanes of the board, under the spec's name `lista` (spec 2 §7). */
export interface KanbanTags {
  readonly lista: readonly Tag[];
}

export const TAG_NAME_MIN = 3;
export const TAG_NAME_MAX = 100;

const name = z
  .string({ error: 'Obrigatório' })
  .overwrite(withoutControls)
  .trim()
  .min(1, { error: 'Obrigatório', abort: true })
  .min(TAG_NAME_MIN, 'Mensagem muito curta')
  .max(TAG_NAME_MAX, 'Mensagem muito longa');

const color = z
  .string({ error: 'Obrigatório' })
  .trim()
  .min(1, { error: 'Obrigatório', abort: true })
  .regex(HEX_COLOR, 'Cor inválida');

const kanban = z.union([z.literal(0), z.literal(1)], { error: 'Kanban deve ser 0 ou 1' });

/** POST /tags. `kanban` defaults to 0; only profiles allowed 'tags:editKanban' may send 1. */
export const CreateTagBody = z.object({ name, color, kanban: kanban.optional().default(0) });
export type CreateTagBody = z.output<typeof CreateTagBody>;

/**
 * PUT /tags/{id}: the dialog's fields. Without `kanban` the flag is left as it is (the dialog of a plain
 * user has no toggle); sending the current value is not a change.
 */
export const UpdateTagBody = z.object({ name, color, kanban: kanban.optional() });
export type UpdateTagBody = z.output<typeof UpdateTagBody>;

export const TagParams = z.object({ id: z.ulid('Invalid id') });
