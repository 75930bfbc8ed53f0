/**
 * The scrolling conversation (spec 1 §2.5, §9): opens at the newest message, loads the next older page
 * when scrolled within 50 px of the top while keeping the reader's place, and follows new messages
 * only when the reader is already at the bottom.
 */
import { makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { MessageDto } from '../../../../shared/messages';
import { useTexts } from '../../i18n/texts';
import { dayLabel, formatDate, formatTime } from './dates';
import { MessageBubble } from './MessageBubble';
import { conversationTexts } from './texts';
import type { TimelineRow } from './timeline';

/** Spec 1 §9: older messages load within 50 px of the top. */
const LOAD_OLDER_WITHIN_PX = 50;
/** Closer than this to the bottom counts as reading the newest messages. */
const FOLLOW_WITHIN_PX = 80;

const useStyles = makeStyles({
  scroller: {
    flexGrow: 1,
    minHeight: 0,
    overflowY: 'auto',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  content: { display: 'flex', flexDirection: 'column' },
  center: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalS },
  chip: {
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground2,
    boxShadow: tokens.shadow2,
  },
  marker: {
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorPaletteYellowBackground1,
    color: tokens.colorNeutralForeground1,
  },
  empty: { margin: 'auto', color: tokens.colorNeutralForeground3 },
});

export interface MessagesListProps {
  /** The conversation's ticket: messages of the contact's earlier tickets show without a menu. */
  readonly ticketId: string;
  readonly rows: readonly TimelineRow[];
  readonly contactName: string;
  readonly hasOlder: boolean;
  readonly loadingOlder: boolean;
  readonly onLoadOlder: () => void;
  readonly canReply: boolean;
  readonly canDelete: (message: MessageDto) => boolean;
  readonly onReply: (message: MessageDto) => void;
  readonly onDelete: (message: MessageDto) => void;
}

export function MessagesList({ ticketId, rows, contactName, hasOlder, loadingOlder, onLoadOlder, canReply, canDelete, onReply, onDelete }: MessagesListProps) {
  const styles = useStyles();
  const texts = useTexts(conversationTexts).messages;
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  /** The distance from the bottom before older messages were asked for, to restore once they arrive. */
  const anchor = useRef<number | null>(null);

  const requestOlder = useCallback(() => {
    const element = scroller.current;
    if (!element || !hasOlder || loadingOlder) return;
    anchor.current = element.scrollHeight - element.scrollTop;
    onLoadOlder();
  }, [hasOlder, loadingOlder, onLoadOlder]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    following.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_WITHIN_PX;
    if (element.scrollTop <= LOAD_OLDER_WITHIN_PX) requestOlder();
  };

  const last = rows[rows.length - 1];
  const lastOwnKey = last?.kind === 'message' && last.message.fromMe ? last.key : null;
  const seenLastOwnKey = useRef(lastOwnKey);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    // Whoever just sent a message wants to see it, wherever they were reading.
    if (lastOwnKey !== null && lastOwnKey !== seenLastOwnKey.current && anchor.current === null) following.current = true;
    seenLastOwnKey.current = lastOwnKey;
    if (anchor.current !== null) {
      // Older messages (or the spinner above them) were put on top: keep the reader's place.
      element.scrollTop = element.scrollHeight - anchor.current;
      if (!loadingOlder) anchor.current = null;
    } else if (following.current) {
      element.scrollTop = element.scrollHeight;
    }
  }, [rows, loadingOlder, lastOwnKey]);

  // A first page that does not fill the panel leaves nothing to scroll: read on until it does.
  useEffect(() => {
    const element = scroller.current;
    if (element && element.scrollHeight <= element.clientHeight + LOAD_OLDER_WITHIN_PX) requestOlder();
  }, [rows, requestOlder]);

  // Media change the height after they load: stay at the bottom when the reader was there.
  useEffect(() => {
    const element = scroller.current;
    const inner = content.current;
    if (!element || !inner || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (following.current && anchor.current === null) element.scrollTop = element.scrollHeight;
    });
    observer.observe(inner);
    return () => observer.disconnect();
  }, []);

  const dayText = (at: string) => {
    const label = dayLabel(at);
    return label.kind === 'date' ? label.text : texts[label.kind];
  };

  return (
    <div ref={scroller} className={styles.scroller} onScroll={onScroll} role="log" aria-label={texts.label} aria-busy={loadingOlder}>
      <div ref={content} className={styles.content}>
        {loadingOlder && (
          <div className={styles.center}>
            <Spinner size="tiny" label={texts.loadingOlder} />
          </div>
        )}
        {rows.length === 0 && !hasOlder && <Text className={styles.empty}>{texts.empty}</Text>}
        {rows.map((row) => {
          switch (row.kind) {
            case 'day':
              return (
                <div key={row.key} className={styles.center}>
                  <Text size={200} className={styles.chip}>
                    {dayText(row.at)}
                  </Text>
                </div>
              );
            case 'started':
            case 'closed':
              return (
                <div key={row.key} className={styles.center}>
                  <Text size={200} className={styles.marker}>
                    {`${row.kind === 'started' ? texts.started : texts.closed} · ${formatDate(row.at)} ${formatTime(row.at)}`}
                  </Text>
                </div>
              );
            case 'message':
              return (
                <MessageBubble
                  key={row.key}
                  message={row.message}
                  readOnly={row.message.ticketId !== ticketId}
                  contactName={contactName}
                  canReply={canReply}
                  canDelete={canDelete(row.message)}
                  onReply={onReply}
                  onDelete={onDelete}
                />
              );
          }
        })}
      </div>
    </div>
  );
}
