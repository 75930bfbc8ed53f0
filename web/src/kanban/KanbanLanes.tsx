/**
 * The lanes side by side, scrolling sideways when they do not fit (a phone), and dragging cards
 * between them with dnd-kit (spec 2 §2 Kanban): the mouse or pen (after a few pixels, so clicks stay
 * clicks), a finger (after a short hold, so swipes still scroll) and the keyboard (space picks a card up, the left and right arrows change lanes, space drops it, Esc
 * cancels), each step told to screen readers in the interface language. A card dropped on another lane
 * is moved (use-kanban-move.ts); dropped on its own lane or outside, nothing happens.
 */
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useSensor,
  useSensors,
  type Active,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type Over,
} from '@dnd-kit/core';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, useRef, useState } from 'react';
import type { KanbanTicketDto } from '../../../shared/tickets';
import { format, useTexts } from '../i18n/texts';
import { cardNumber } from './card-number';
import { isLaneId, OPEN_LANE_ID, type Lane, type LaneId } from './kanban-board';
import { KanbanCardOverlay } from './KanbanCard';
import { KanbanLane } from './KanbanLane';
import { laneKeyboardCoordinates, type CardDragData } from './lane-keyboard';
import { MousePenSensor } from './mouse-pen-sensor';
import { kanbanTexts } from './texts';

/** Pixels the mouse moves before a press becomes a drag. */
const DRAG_DISTANCE_PX = 6;
/** How long a finger holds a card still to pick it up; moving sooner scrolls. */
const TOUCH_HOLD_MS = 250;
const TOUCH_TOLERANCE_PX = 8;

const useStyles = makeStyles({
  board: {
    flexGrow: 1,
    minHeight: 0,
    display: 'flex',
    alignItems: 'stretch',
    columnGap: tokens.spacingHorizontalM,
    overflowX: 'auto',
    // Room for the lane outline a card being dragged over draws.
    padding: tokens.spacingHorizontalXS,
  },
});

/** The pointer's lane when there is a pointer; otherwise (the keyboard) the lane the card covers most. */
const collisions: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length > 0 ? within : rectIntersection(args);
};

export interface KanbanLanesProps {
  readonly lanes: readonly Lane[];
  readonly moving: ReadonlyMap<string, LaneId>;
  readonly onMove: (ticketId: string, from: LaneId, to: LaneId) => void;
}

export function KanbanLanes({ lanes, moving, onMove }: KanbanLanesProps) {
  const styles = useStyles();
  const texts = useTexts(kanbanTexts);
  const [carried, setCarried] = useState<KanbanTicketDto>();

  const laneName = (lane: Lane) => lane.tag?.name ?? texts.lane.open;
  const names = new Map<string, string>(lanes.map((lane) => [lane.id, laneName(lane)]));
  const tickets = new Map<string, KanbanTicketDto>(lanes.flatMap((lane) => lane.cards.map((ticket) => [ticket.id, ticket] as const)));

  // The keyboard sensor moves between the lanes as they are (they change with the kanban tags).
  const laneOrder = lanes.map((lane) => lane.id).join(' ');
  const coordinateGetter = useMemo(() => laneKeyboardCoordinates(laneOrder.split(' ').filter(isLaneId)), [laneOrder]);
  const sensors = useSensors(
    useSensor(MousePenSensor, { activationConstraint: { distance: DRAG_DISTANCE_PX } }),
    useSensor(TouchSensor, { activationConstraint: { delay: TOUCH_HOLD_MS, tolerance: TOUCH_TOLERANCE_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );

  const fromLane = (active: Active): LaneId => (active.data.current as CardDragData | undefined)?.lane ?? OPEN_LANE_ID;
  const card = (active: Active) => {
    const ticket = tickets.get(String(active.id));
    return ticket === undefined ? String(active.id) : `${cardNumber(ticket)} (${ticket.contact.name})`;
  };
  const overLane = (over: Over | null) => (over === null ? undefined : names.get(String(over.id)));
  // The lane last told: the first `over` of a drag is the lane the card was picked up in, which the
  // start already said (and would otherwise be cut off before it is heard).
  const lastTold = useRef<string | undefined>(undefined);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastTold.current = fromLane(active);
      return format(texts.drag.start, { card: card(active), lane: names.get(fromLane(active)) ?? '' });
    },
    onDragOver: ({ active, over }) => {
      const overId = over === null ? undefined : String(over.id);
      if (overId === lastTold.current) return undefined;
      lastTold.current = overId;
      const lane = overLane(over);
      return lane === undefined ? format(texts.drag.outside, { card: card(active) }) : format(texts.drag.over, { card: card(active), lane });
    },
    onDragEnd: ({ active, over }) => {
      const lane = overLane(over);
      return lane === undefined
        ? format(texts.drag.droppedOutside, { card: card(active) })
        : format(texts.drag.dropped, { card: card(active), lane });
    },
    onDragCancel: ({ active }) => format(texts.drag.cancelled, { card: card(active), lane: names.get(fromLane(active)) ?? '' }),
  };

  const start = ({ active }: DragStartEvent) => setCarried(tickets.get(String(active.id)));
  const end = ({ active, over }: DragEndEvent) => {
    setCarried(undefined);
    const to = over?.id;
    if (isLaneId(to)) onMove(String(active.id), fromLane(active), to);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      accessibility={{ announcements, screenReaderInstructions: { draggable: texts.drag.instructions } }}
      onDragStart={start}
      onDragEnd={end}
      onDragCancel={() => setCarried(undefined)}
    >
      <div className={styles.board} role="group" aria-label={texts.page.board}>
        {lanes.map((lane) => (
          <KanbanLane key={lane.id} lane={lane} name={laneName(lane)} moving={moving} />
        ))}
      </div>
      {/* Outside the lanes' scrolling, so the card is never cut off while it travels; no drop animation. */}
      <DragOverlay dropAnimation={null}>{carried === undefined ? null : <KanbanCardOverlay ticket={carried} />}</DragOverlay>
    </DndContext>
  );
}
