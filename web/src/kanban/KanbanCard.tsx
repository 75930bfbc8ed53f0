/**
 * A card of the board (spec 2 §2 Kanban): the ticket's number, the contact's name and number, the last
 * message (written as the other lists write them: card-text.ts), and 'Ver Ticket', which opens the
 * ticket. The card's body is what is dragged: the pointer anywhere on the card (after a few pixels, so a
 * click stays a click), or the keyboard on the focused body (space picks it up, lane-keyboard.ts). 'Ver Ticket' sits beside the body, not inside it, so no
 * control is nested in another.
 */
import { useDraggable } from '@dnd-kit/core';
import { Button, Caption1, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { Open16Regular } from '@fluentui/react-icons/svg/open';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import type { KanbanTicketDto } from '../../../shared/tickets';
import { ticketRoutePath } from '../runtime/paths';
import { useTexts } from '../i18n/texts';
import { ticketsTexts } from '../tickets/texts';
import { cardText } from './card-text';
import type { LaneId } from './kanban-board';
import type { CardDragData } from './lane-keyboard';
import { kanbanTexts } from './texts';

const useStyles = makeStyles({
  card: {
    listStyleType: 'none',
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    cursor: 'grab',
    // A finger holding a card picks it up (KanbanLanes), rather than selecting its words.
    '@media (pointer: coarse)': { userSelect: 'none' },
  },
  carried: { opacity: 0.4 },
  moving: { opacity: 0.7 },
  body: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXXS,
    minWidth: 0,
    borderRadius: tokens.borderRadiusSmall,
    outlineStyle: 'none',
    ':focus-visible': {
      outlineWidth: tokens.strokeWidthThick,
      outlineStyle: 'solid',
      outlineColor: tokens.colorStrokeFocus2,
      outlineOffset: tokens.spacingHorizontalXXS,
    },
  },
  line: { display: 'flex', columnGap: tokens.spacingHorizontalS, alignItems: 'baseline', minWidth: 0 },
  number: { color: tokens.colorNeutralForeground2, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  phone: { color: tokens.colorNeutralForeground2 },
  message: {
    color: tokens.colorNeutralForeground2,
    // Two lines at most: a long message must not make one card fill the lane.
    overflow: 'hidden',
    maxHeight: `calc(2 * ${tokens.lineHeightBase200})`,
    overflowWrap: 'anywhere',
  },
  label: { fontStyle: 'italic' },
  open: { alignSelf: 'flex-end' },
  overlay: { cursor: 'grabbing', boxShadow: tokens.shadow16 },
});

interface CardBodyIds {
  readonly number?: string;
  readonly name?: string;
}

/** What a card says, in the card and in the copy that follows the pointer while dragging. */
function CardBody({ ticket, ids = {} }: { readonly ticket: KanbanTicketDto; readonly ids?: CardBodyIds }) {
  const styles = useStyles();
  const texts = useTexts(kanbanTexts).card;
  const kinds = useTexts(ticketsTexts).item.lastMessage;
  const { number, name, phone, message } = cardText(ticket);
  return (
    <>
      <span className={styles.line}>
        <Caption1 id={ids.number} className={styles.number}>
          {number}
        </Caption1>
      </span>
      <Text id={ids.name} weight="semibold" className={styles.name}>
        {name}
      </Text>
      <Caption1 className={styles.phone}>{phone}</Caption1>
      <Caption1 className={mergeClasses(styles.message, message.kind !== 'text' && styles.label)}>
        {message.kind === 'none' ? texts.noMessage : message.kind === 'text' ? message.text : kinds[message.kind]}
      </Caption1>
    </>
  );
}

export interface KanbanCardProps {
  readonly ticket: KanbanTicketDto;
  readonly lane: LaneId;
  /** Its move is on its way: it cannot be picked up again until the server answers. */
  readonly moving: boolean;
}

export function KanbanCard({ ticket, lane, moving }: KanbanCardProps) {
  const styles = useStyles();
  const texts = useTexts(kanbanTexts).card;
  const navigate = useNavigate();
  const id = useId();
  const ids = { number: `${id}-number`, name: `${id}-name` };
  const data: CardDragData = { lane };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: ticket.id,
    data,
    disabled: moving,
    attributes: { roleDescription: texts.roleDescription },
  });

  return (
    // The listeners are dnd-kit's sensors: the pointer on the whole card, the keyboard only on its body
    // (the sensor ignores keys pressed on 'Ver Ticket').
    <li ref={setNodeRef} className={mergeClasses(styles.card, isDragging && styles.carried, moving && styles.moving)} {...listeners}>
      <div
        ref={setActivatorNodeRef}
        {...attributes}
        className={styles.body}
        aria-busy={moving || undefined}
      >
        {/* Named by all it shows (number, contact, last message), as axe's label-content rule wants. */}
        <CardBody ticket={ticket} ids={ids} />
      </div>
      <Button
        className={styles.open}
        size="small"
        icon={<Open16Regular />}
        aria-describedby={`${ids.number} ${ids.name}`}
        onClick={() => void navigate(ticketRoutePath(ticket.uuid))}
      >
        {texts.open}
      </Button>
    </li>
  );
}

/** The copy of a card that follows the pointer (dnd-kit's DragOverlay), outside the lanes' scrolling. */
export function KanbanCardOverlay({ ticket }: { readonly ticket: KanbanTicketDto }) {
  const styles = useStyles();
  return (
    <div className={mergeClasses(styles.card, styles.overlay)} aria-hidden>
      <CardBody ticket={ticket} />
    </div>
  );
}
