/**
 * The board's rules (spec 2 §2 Kanban, §4), as plain functions so they are unit tested without a
 * browser: which lane a ticket is in, the lanes with their cards and counts, and what a move asks of
 * the server.
 *
 * Where the spec is silent: 'Em aberto' holds the tickets with no kanban tag (a ticket may carry other
 * tags, which the board does not show and a move keeps, as the server does); a ticket carrying two
 * kanban tags (set through the conversation's tag picker) is shown once, in the first of their lanes in
 * the board's order; a lane's count is the number of its cards, the tickets the caller sees.
 */
import type { KanbanTicketDto } from '../../../shared/tickets';
import type { Tag } from '../../../shared/tags';

/** The lane of the tickets without a kanban tag. */
export const OPEN_LANE_ID = 'open';

/** A lane's id on the board (and dnd-kit's droppable id): 'open', or `tag:<tagId>`. */
export type LaneId = typeof OPEN_LANE_ID | `tag:${string}`;

export const tagLaneId = (tagId: string): LaneId => `tag:${tagId}`;

/** The tag of a lane, or undefined for 'Em aberto' (and for an id that is no lane). */
export function tagIdOfLane(laneId: string): string | undefined {
  return laneId.startsWith('tag:') ? laneId.slice('tag:'.length) : undefined;
}

export function isLaneId(value: unknown): value is LaneId {
  return value === OPEN_LANE_ID || (typeof value === 'string' && value.startsWith('tag:') && value.length > 'tag:'.length);
}

export type LaneTag = Pick<Tag, 'id' | 'name' | 'color'>;

export interface Lane {
  readonly id: LaneId;
  /** The tag of a tag lane; undefined for 'Em aberto'. */
  readonly tag: LaneTag | undefined;
  readonly cards: readonly KanbanTicketDto[];
}

/** The lane a ticket is in: its first kanban tag in the board's order, else 'Em aberto'. */
export function laneOfTicket(ticket: Pick<KanbanTicketDto, 'tags'>, tags: readonly LaneTag[]): LaneId {
  const lane = tags.find((tag) => ticket.tags.includes(tag.id));
  return lane === undefined ? OPEN_LANE_ID : tagLaneId(lane.id);
}

/** Newest change first (as the server lists them), the id breaking ties so the order never jumps. */
function newestFirst(a: KanbanTicketDto, b: KanbanTicketDto): number {
  if (a.updatedAt !== b.updatedAt) return a.updatedAt < b.updatedAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * 'Em aberto' then a lane per kanban tag, each with its cards, newest first. `moving` places the
 * tickets of moves still on their way in the lane they are going to (the optimistic move).
 */
export function boardLanes(
  tickets: readonly KanbanTicketDto[],
  tags: readonly LaneTag[],
  moving: ReadonlyMap<string, LaneId> = new Map(),
): Lane[] {
  const lanes: LaneId[] = [OPEN_LANE_ID, ...tags.map((tag) => tagLaneId(tag.id))];
  const cards = new Map<LaneId, KanbanTicketDto[]>(lanes.map((id) => [id, []]));
  for (const ticket of [...tickets].sort(newestFirst)) {
    const wanted = moving.get(ticket.id);
    const lane = wanted !== undefined && cards.has(wanted) ? wanted : laneOfTicket(ticket, tags);
    cards.get(lane)?.push(ticket);
  }
  return [
    { id: OPEN_LANE_ID, tag: undefined, cards: cards.get(OPEN_LANE_ID) ?? [] },
    ...tags.map((tag) => ({ id: tagLaneId(tag.id), tag, cards: cards.get(tagLaneId(tag.id)) ?? [] })),
  ];
}

/** A call of a move, in order: DELETE /ticket-tags/{ticketId}, or PUT /ticket-tags/{ticketId}/{tagId}. */
export type MoveStep = { readonly kind: 'removeTag' } | { readonly kind: 'addTag'; readonly tagId: string };

/**
 * What a drop asks of the server (spec 2 §4: "the ticket's existing tag is removed, then the target
 * lane's tag is added"; checklist O-089 to O-091): nothing when the card stays in its lane; to 'Em
 * aberto', only the removal of its tag; from a tag lane to another, the removal then the lane's tag;
 * from 'Em aberto' to a tag lane, only the lane's tag, since there is no tag to remove (a removal there
 * would toast 'Ticket Tag Removido!' for nothing). Should the board be behind and the ticket carry a
 * kanban tag after all, the addition still leaves it in that one lane: PUT /ticket-tags/{id}/{tagId}
 * makes the lane's tag its only kanban tag (functions/core/conversations/sync-ticket-tags.ts).
 */
export function moveSteps(from: LaneId, to: LaneId): MoveStep[] {
  if (from === to) return [];
  const tagId = tagIdOfLane(to);
  if (tagId === undefined) return [{ kind: 'removeTag' }];
  const add: MoveStep = { kind: 'addTag', tagId };
  return from === OPEN_LANE_ID ? [add] : [{ kind: 'removeTag' }, add];
}

/** The server's calls of a move, given by the caller (the API module), each answering the ticket. */
export interface MoveCalls<T> {
  readonly removeTag: () => Promise<T>;
  readonly addTag: (tagId: string) => Promise<T>;
}

/**
 * Makes a move's calls one after the other, telling `done` after each (its answer stored, its toast
 * shown); the first refusal stops the move and is thrown, so a tag is never added after a failed removal.
 */
export async function runMoveSteps<T>(steps: readonly MoveStep[], calls: MoveCalls<T>, done: (step: MoveStep, answer: T) => void): Promise<void> {
  for (const step of steps) {
    const answer = step.kind === 'removeTag' ? await calls.removeTag() : await calls.addTag(step.tagId);
    done(step, answer);
  }
}

/** The lane next to `current` in the board's order (arrow keys), or undefined at either end. */
export function neighbourLane(order: readonly LaneId[], current: LaneId, direction: 'left' | 'right'): LaneId | undefined {
  const index = order.indexOf(current);
  if (index < 0) return undefined;
  return order[direction === 'left' ? index - 1 : index + 1];
}
