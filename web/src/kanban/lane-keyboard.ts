/**
 * How the keyboard moves a picked-up card (dnd-kit's KeyboardSensor): the left and right arrows take it
 * to the middle of the lane beside the one it is over, keeping its height, so one key press is one lane
 * (the sensor's default moves a few pixels at a time). Up and down do nothing (a card has no place
 * inside its lane: the lanes keep the newest first). The sensor scrolls the board when the next lane is
 * out of view.
 */
import type { KeyboardCoordinateGetter } from '@dnd-kit/core';
import { isLaneId, neighbourLane, type LaneId } from './kanban-board';

/** What a card carries through a drag (useDraggable's `data`). */
export interface CardDragData {
  readonly lane: LaneId;
}

const DIRECTIONS: Readonly<Record<string, 'left' | 'right'>> = { ArrowLeft: 'left', ArrowRight: 'right' };
const STILL_KEYS = new Set(['ArrowUp', 'ArrowDown']);

/** `order`: the board's lanes, left to right. */
export function laneKeyboardCoordinates(order: readonly LaneId[]): KeyboardCoordinateGetter {
  return (event, { context }) => {
    const direction = DIRECTIONS[event.code];
    if (direction === undefined) {
      // The page must not scroll under a card being carried.
      if (STILL_KEYS.has(event.code)) event.preventDefault();
      return undefined;
    }
    event.preventDefault();
    const { active, over, collisionRect, droppableRects } = context;
    if (collisionRect === null) return undefined;
    const overId = over?.id;
    const from = isLaneId(overId) ? overId : (active?.data.current as CardDragData | undefined)?.lane;
    if (from === undefined) return undefined;
    const target = neighbourLane(order, from, direction);
    const rect = target === undefined ? undefined : droppableRects.get(target);
    if (rect === undefined) return undefined;
    return {
      x: rect.left + (rect.width - collisionRect.width) / 2,
      // Kept inside the lane, should it be shorter than the one the card leaves.
      y: Math.max(rect.top, Math.min(collisionRect.top, rect.top + rect.height - collisionRect.height)),
    };
  };
}
