/**
 * A lane of the board (spec 2 §2 Kanban): its title in the tag's colour (a company's data, so the text
 * is black or white, whichever reads on it; 'Em aberto' takes the theme's colours), its count, and its
 * cards, newest first. The whole lane takes a dropped card.
 */
import { useDroppable } from '@dnd-kit/core';
import { Caption1, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useId } from 'react';
import { useTexts } from '../i18n/texts';
import { readableTextColor } from '../tickets/ticket-format';
import type { Lane } from './kanban-board';
import { KanbanCard } from './KanbanCard';
import { kanbanTexts } from './texts';

/** A lane's width: two lanes and a part of the next fit a phone, so it is plain there are more. */
export const LANE_WIDTH_PX = 280;

const useStyles = makeStyles({
  lane: {
    // The containing block of the count's hidden words: absolutely placed, they would otherwise stretch
    // the page past the board's own sideways scrolling.
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    flexShrink: 0,
    width: `${LANE_WIDTH_PX}px`,
    maxWidth: '85vw',
    minHeight: 0,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    outlineWidth: tokens.strokeWidthThick,
    outlineStyle: 'solid',
    outlineColor: 'transparent',
  },
  over: { outlineColor: tokens.colorBrandStroke1 },
  header: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderTopLeftRadius: tokens.borderRadiusMedium,
    borderTopRightRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  heading: {
    margin: 0,
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    minWidth: 0,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  count: {
    flexShrink: 0,
    minWidth: '24px',
    padding: `0 ${tokens.spacingHorizontalXS}`,
    borderRadius: tokens.borderRadiusCircular,
    border: `${tokens.strokeWidthThin} solid currentColor`,
    textAlign: 'center',
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase300,
  },
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
  cards: {
    flexGrow: 1,
    minHeight: '96px',
    margin: 0,
    padding: tokens.spacingHorizontalS,
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
    overflowY: 'auto',
  },
  empty: { padding: tokens.spacingVerticalM, textAlign: 'center', color: tokens.colorNeutralForeground2 },
});

export interface KanbanLaneProps {
  readonly lane: Lane;
  readonly name: string;
  readonly moving: ReadonlyMap<string, unknown>;
}

export function KanbanLane({ lane, name, moving }: KanbanLaneProps) {
  const styles = useStyles();
  const texts = useTexts(kanbanTexts).lane;
  const headingId = useId();
  const { setNodeRef, isOver } = useDroppable({ id: lane.id });
  const color = lane.tag?.color;
  const text = color === undefined ? undefined : readableTextColor(color);

  return (
    <section ref={setNodeRef} className={mergeClasses(styles.lane, isOver && styles.over)} aria-labelledby={headingId}>
      <div className={styles.header} style={text === undefined ? undefined : { backgroundColor: color, color: text }}>
        <h2 id={headingId} className={styles.heading}>
          <span className={styles.name}>{name}</span>{' '}
          <span className={styles.count}>
            {lane.cards.length}
            <span className={styles.hidden}> {texts.countSuffix}</span>
          </span>
        </h2>
      </div>
      {lane.cards.length === 0 ? (
        <div className={styles.cards}>
          <Caption1 className={styles.empty}>{texts.empty}</Caption1>
        </div>
      ) : (
        <ul className={styles.cards}>
          {lane.cards.map((ticket) => (
            <KanbanCard key={ticket.id} ticket={ticket} lane={lane.id} moving={moving.has(ticket.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}
