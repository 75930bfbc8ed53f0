/**
 * The scrolling conversation (spec 1 §2.5, §9): opens at the newest message and stays pinned to it
 * while media load and messages arrive, until the reader scrolls up (scroll-pin.ts); then a customer's
 * new message shows a "new messages" cue that goes down to it. Loads the next older page when scrolled
 * within 50 px of the top while keeping the reader's place.
 */
import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { ArrowDown16Regular } from '@fluentui/react-icons/svg/arrow-down';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { MessageDto } from '../../../../shared/messages';
import { useLanguage } from '../../i18n/language';
import { useTexts } from '../../i18n/texts';
import { dayLabel, formatDate, formatTime } from './dates';
import { MessageBubble } from './MessageBubble';
import { nextPinned, showsNewMessagesCue, type ScrollSample } from './scroll-pin';
import { conversationTexts } from './texts';
import type { TimelineRow } from './timeline';

/** Spec 1 §9: older messages load within 50 px of the top. */
const LOAD_OLDER_WITHIN_PX = 50;

const sampleOf = (element: HTMLElement): ScrollSample => ({
  scrollTop: element.scrollTop,
  scrollHeight: element.scrollHeight,
  clientHeight: element.clientHeight,
});

/** The key of the customer's newest message among the rows, or null. */
function newestIncomingKey(rows: readonly TimelineRow[]): string | null {
  for (let index = rows.length - 1; index >= 0; index -= 1) {
    const row = rows[index];
    if (row?.kind === 'message' && !row.message.fromMe) return row.key;
  }
  return null;
}

const useStyles = makeStyles({
  // The cue floats over the bottom of the scroller, so the scroller sits in a frame of its own.
  frame: { position: 'relative', flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
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
  cue: {
    position: 'absolute',
    bottom: tokens.spacingVerticalM,
    left: '50%',
    transform: 'translateX(-50%)',
    boxShadow: tokens.shadow8,
  },
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
  const { language } = useLanguage();
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  /** Read by the effects that scroll; `pinnedView` mirrors it for what is drawn. */
  const pinned = useRef(true);
  const lastSample = useRef<ScrollSample | null>(null);
  const [pinnedView, setPinnedView] = useState(true);
  const newestIncoming = newestIncomingKey(rows);
  /** The customer's newest message when the reader was last at the bottom: anything newer is unseen. */
  const [seenIncoming, setSeenIncoming] = useState(newestIncoming);
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
    const sample = sampleOf(element);
    pinned.current = nextPinned(pinned.current, lastSample.current, sample);
    lastSample.current = sample;
    setPinnedView(pinned.current);
    if (pinned.current) setSeenIncoming(newestIncoming);
    if (element.scrollTop <= LOAD_OLDER_WITHIN_PX) requestOlder();
  };

  const toBottom = () => {
    const element = scroller.current;
    if (!element) return;
    pinned.current = true;
    element.scrollTop = element.scrollHeight;
  };

  const last = rows[rows.length - 1];
  const lastOwnKey = last?.kind === 'message' && last.message.fromMe ? last.key : null;
  const seenLastOwnKey = useRef(lastOwnKey);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    // Whoever just sent a message wants to see it, wherever they were reading.
    if (lastOwnKey !== null && lastOwnKey !== seenLastOwnKey.current && anchor.current === null) pinned.current = true;
    seenLastOwnKey.current = lastOwnKey;
    if (anchor.current !== null) {
      // Older messages (or the spinner above them) were put on top: keep the reader's place.
      element.scrollTop = element.scrollHeight - anchor.current;
      if (!loadingOlder) anchor.current = null;
    } else if (pinned.current) {
      element.scrollTop = element.scrollHeight;
    }
  }, [rows, loadingOlder, lastOwnKey]);

  // A first page that does not fill the panel leaves nothing to scroll: read on until it does.
  useEffect(() => {
    const element = scroller.current;
    if (element && element.scrollHeight <= element.clientHeight + LOAD_OLDER_WITHIN_PX) requestOlder();
  }, [rows, requestOlder]);

  // Media boxes keep their size (MessageMedia), but the content still grows (fonts, a bubble's menu) and
  // the panel shrinks (the attachment tray, a reply, a taller input): a pinned view stays at the end.
  useEffect(() => {
    const element = scroller.current;
    const inner = content.current;
    if (!element || !inner || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (pinned.current && anchor.current === null) element.scrollTop = element.scrollHeight;
    });
    observer.observe(inner);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const dayText = (at: string) => {
    const label = dayLabel(at, language);
    return label.kind === 'date' ? label.text : texts[label.kind];
  };

  return (
    <div className={styles.frame}>
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
                      {`${row.kind === 'started' ? texts.started : texts.closed} · ${formatDate(row.at, language)} ${formatTime(row.at)}`}
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
      {showsNewMessagesCue(pinnedView, newestIncoming, seenIncoming) && (
        <Button className={styles.cue} appearance="primary" shape="circular" size="small" icon={<ArrowDown16Regular />} onClick={toBottom}>
          {texts.newMessages}
        </Button>
      )}
    </div>
  );
}
