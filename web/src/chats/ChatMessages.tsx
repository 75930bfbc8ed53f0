/**
 * A chat's messages (spec 3 §2 Internal chat, §9): opens at the newest and stays there while messages
 * arrive and pictures load, until the reader scrolls up; within 600 px of the top the older page loads
 * and the reader keeps their place. Each message shows its sender and time; the viewer's own sit on the
 * other side in the brand's colour. A picture shows inline; any other file is a link that downloads it.
 */
import { Body1, Caption1, Link, makeStyles, mergeClasses, Spinner, Text, tokens } from '@fluentui/react-components';
import { Attach16Regular } from '@fluentui/react-icons/svg/attach';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { ChatMessage } from '../api/chats';
import { useLanguage } from '../i18n/language';
import { format, useTexts } from '../i18n/texts';
import { messageFile, messageTime, nearTop } from './chat-rules';
import { chatsTexts } from './texts';

/** Closer than this to the bottom counts as reading the newest messages. */
const PINNED_WITHIN_PX = 80;

const useStyles = makeStyles({
  scroller: {
    flexGrow: 1,
    minHeight: 0,
    overflowY: 'auto',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  content: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  center: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalS },
  empty: { margin: 'auto', padding: tokens.spacingVerticalXXL, color: tokens.colorNeutralForeground3, textAlign: 'center' },
  row: { display: 'flex', justifyContent: 'flex-start' },
  ownRow: { justifyContent: 'flex-end' },
  bubble: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXXS,
    maxWidth: 'min(80%, 560px)',
    minWidth: 0,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
  },
  other: { backgroundColor: tokens.colorNeutralBackground1, color: tokens.colorNeutralForeground1 },
  own: { backgroundColor: tokens.colorBrandBackground2, color: tokens.colorNeutralForeground1 },
  sender: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground2 },
  text: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  time: { alignSelf: 'flex-end', color: tokens.colorNeutralForeground3 },
  image: {
    display: 'block',
    maxWidth: '100%',
    maxHeight: '240px',
    objectFit: 'contain',
    borderRadius: tokens.borderRadiusMedium,
  },
  file: { display: 'inline-flex', alignItems: 'center', columnGap: tokens.spacingHorizontalXS, overflowWrap: 'anywhere' },
});

export interface ChatMessagesProps {
  /** Oldest first. */
  readonly messages: readonly ChatMessage[];
  readonly viewerId: string;
  /** The first page is still loading. */
  readonly pending: boolean;
  readonly hasOlder: boolean;
  readonly loadingOlder: boolean;
  readonly onLoadOlder: () => void;
}

export function ChatMessages({ messages, viewerId, pending, hasOlder, loadingOlder, onLoadOlder }: ChatMessagesProps) {
  const styles = useStyles();
  const texts = useTexts(chatsTexts);
  const { language } = useLanguage();
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  /** Whether the view follows the newest message. */
  const pinned = useRef(true);
  /** The distance from the bottom before older messages were asked for, kept once they are on top. */
  const anchor = useRef<number | null>(null);

  const requestOlder = useCallback(() => {
    const element = scroller.current;
    if (!element || !hasOlder || loadingOlder || anchor.current !== null) return;
    anchor.current = element.scrollHeight - element.scrollTop;
    onLoadOlder();
  }, [hasOlder, loadingOlder, onLoadOlder]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    if (anchor.current === null) pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight <= PINNED_WITHIN_PX;
    if (nearTop(element)) requestOlder();
  };

  const newest = messages.at(-1);
  const newestOwnId = newest !== undefined && newest.senderId === viewerId ? newest.id : null;
  const seenOwnId = useRef(newestOwnId);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    // Whoever just sent a message wants to see it, wherever they were reading.
    if (newestOwnId !== null && newestOwnId !== seenOwnId.current) pinned.current = true;
    seenOwnId.current = newestOwnId;
    if (anchor.current !== null) {
      element.scrollTop = element.scrollHeight - anchor.current;
      if (!loadingOlder) anchor.current = null;
    } else if (pinned.current) {
      element.scrollTop = element.scrollHeight;
    }
  }, [messages, loadingOlder, newestOwnId]);

  // The top is within reach (a first page that does not fill the panel, or the reader went up): read on.
  useEffect(() => {
    const element = scroller.current;
    if (element && !pending && nearTop(element)) requestOlder();
  }, [messages, pending, requestOlder]);

  // Pictures load and the panel changes size (the composer grows): a pinned view stays at the end.
  useEffect(() => {
    const element = scroller.current;
    const inner = content.current;
    if (!element || !inner || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => {
      if (pinned.current && anchor.current === null) element.scrollTop = element.scrollHeight;
    });
    observer.observe(inner);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={scroller} className={styles.scroller} onScroll={onScroll} role="log" aria-label={texts.page.messagesLabel} aria-busy={pending || loadingOlder}>
      <div ref={content} className={styles.content}>
        {(pending || loadingOlder) && (
          <div className={styles.center}>
            <Spinner size="tiny" label={pending ? texts.page.loading : texts.pane.loadingOlder} />
          </div>
        )}
        {!pending && messages.length === 0 && !hasOlder && <Text className={styles.empty}>{texts.pane.emptyChat}</Text>}
        {messages.map((message) => {
          const own = message.senderId === viewerId;
          const file = messageFile(message);
          return (
            <div key={message.id} className={mergeClasses(styles.row, own && styles.ownRow)}>
              <article className={mergeClasses(styles.bubble, own ? styles.own : styles.other)} aria-label={message.sender.name}>
                <Caption1 className={styles.sender}>{message.sender.name}</Caption1>
                {file?.kind === 'image' && (
                  <a href={file.url} target="_blank" rel="noopener noreferrer">
                    <img className={styles.image} src={file.url} alt={format(texts.pane.image, { name: file.name })} />
                  </a>
                )}
                {file?.kind === 'download' && (
                  <Link className={styles.file} href={file.url} download={file.name} target="_blank" rel="noopener noreferrer" aria-label={format(texts.pane.download, { name: file.name })}>
                    <Attach16Regular aria-hidden />
                    {file.name}
                  </Link>
                )}
                {message.message !== '' && <Body1 className={styles.text}>{message.message}</Body1>}
                <Caption1 className={styles.time}>
                  <time dateTime={message.createdAt}>{messageTime(message.createdAt, language)}</time>
                </Caption1>
              </article>
            </div>
          );
        })}
      </div>
    </div>
  );
}
