import type { KeyboardCoordinateGetter } from '@dnd-kit/core';
import { OPEN_LANE_ID, type LaneId } from '../../../../web/src/kanban/kanban-board';
import { laneKeyboardCoordinates } from '../../../../web/src/kanban/lane-keyboard';

type Args = Parameters<KeyboardCoordinateGetter>[1];
type Rect = { left: number; top: number; width: number; height: number; right: number; bottom: number };

const rect = (left: number, top: number, width: number, height: number): Rect => ({ left, top, width, height, right: left + width, bottom: top + height });

const ORDER: LaneId[] = [OPEN_LANE_ID, 'tag:T1', 'tag:T2'];
// Three lanes of 280 px, 16 px apart, 600 px tall; the card (260 x 120) sits in the first.
const LANES = new Map<LaneId, Rect>([
  [OPEN_LANE_ID, rect(0, 100, 280, 600)],
  ['tag:T1', rect(296, 100, 280, 600)],
  ['tag:T2', rect(592, 100, 280, 400)],
]);

function press(code: string, over: LaneId | null, collisionRect: Rect | null = rect(10, 200, 260, 120), lane: LaneId = OPEN_LANE_ID) {
  let prevented = false;
  const event = { code, preventDefault: () => void (prevented = true) } as unknown as KeyboardEvent;
  const args = {
    active: 'card',
    currentCoordinates: { x: 10, y: 200 },
    context: {
      active: { id: 'card', data: { current: { lane } } },
      over: over === null ? null : { id: over },
      collisionRect,
      droppableRects: LANES,
    },
  } as unknown as Args;
  const coordinates = laneKeyboardCoordinates(ORDER)(event, args);
  return { coordinates, prevented };
}

describe('the keyboard moving a card', () => {
  test('takes the card to the middle of the next lane with the right arrow, keeping its height', () => {
    expect(press('ArrowRight', OPEN_LANE_ID).coordinates).toEqual({ x: 296 + 10, y: 200 });
  });

  test('takes the card back a lane with the left arrow', () => {
    expect(press('ArrowLeft', 'tag:T1', rect(306, 200, 260, 120)).coordinates).toEqual({ x: 10, y: 200 });
  });

  test('keeps the card inside a shorter lane', () => {
    expect(press('ArrowRight', 'tag:T1', rect(306, 450, 260, 120)).coordinates).toEqual({ x: 602, y: 100 + 400 - 120 });
  });

  test('starts from the lane the card was picked up in while it is over none', () => {
    expect(press('ArrowRight', null, rect(10, 200, 260, 120), 'tag:T1').coordinates).toEqual({ x: 602, y: 200 });
  });

  test('stays put past the last lane and the first', () => {
    expect(press('ArrowRight', 'tag:T2').coordinates).toBeUndefined();
    expect(press('ArrowLeft', OPEN_LANE_ID).coordinates).toBeUndefined();
  });

  test('does nothing with the up and down arrows but keeps the page from scrolling', () => {
    const down = press('ArrowDown', OPEN_LANE_ID);

    expect(down.coordinates).toBeUndefined();
    expect(down.prevented).toBe(true);
  });

  test('leaves other keys to the sensor (space drops, Esc cancels)', () => {
    const space = press('Space', OPEN_LANE_ID);

    expect(space.coordinates).toBeUndefined();
    expect(space.prevented).toBe(false);
  });
});
