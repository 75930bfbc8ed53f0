/**
 * The chat list of /chats (spec 3 §2 Internal chat; spec 1 §9): the viewer's chats, the latest activity
 * first, each with its title, last message, time and an unread badge; the next page loads within 100 px
 * of the bottom. The open chat is marked; a chat opens at /chats/{id}.
 */
import { Button, makeStyles, mergeClasses, Spinner, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons/svg/add';
import { useHref, useLinkClickHandler } from 'react-router';
import { chatPages } from '../api/chat-cache';
import { useChatPages, type Chat } from '../api/chats';
import { useLoadMore } from '../components/use-load-more';
import { useTexts } from '../i18n/texts';
import { chatRoutePath } from '../runtime/paths';
import { NEXT_PAGE_WITHIN_PX } from './chat-rules';
import { ChatSummary } from './ChatSummary';
import { chatsTexts } from './texts';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', minHeight: 0, flexGrow: 1 },
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    columnGap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  scroller: { flexGrow: 1, minHeight: 0, overflowY: 'auto' },
  listBox: { position: 'relative' },
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  link: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
    borderLeft: `${tokens.strokeWidthThickest} solid transparent`,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  selected: {
    backgroundColor: tokens.colorNeutralBackground1Selected,
    borderLeftColor: tokens.colorBrandStroke1,
  },
  loadMoreMarker: {
    position: 'absolute',
    left: 0,
    bottom: 0,
    width: '1px',
    height: `${NEXT_PAGE_WITHIN_PX}px`,
    pointerEvents: 'none',
  },
  state: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    padding: tokens.spacingHorizontalL,
    color: tokens.colorNeutralForeground3,
  },
});

export interface ChatListProps {
  readonly viewerId: string;
  readonly selectedId: string | undefined;
  readonly onNewChat: () => void;
  /** After a chat is chosen (the narrow screens show its messages). */
  readonly onOpen: () => void;
}

export function ChatList({ viewerId, selectedId, onNewChat, onOpen }: ChatListProps) {
  const styles = useStyles();
  const texts = useTexts(chatsTexts).page;
  const list = useChatPages('');
  const chats = chatPages.items(list.data);
  const markerRef = useLoadMore({ canLoad: list.hasNextPage && !list.isFetchingNextPage, load: () => void list.fetchNextPage() });

  return (
    <section className={styles.panel} aria-label={texts.listLabel}>
      <div className={styles.header}>
        <Subtitle2 as="h2">{texts.listLabel}</Subtitle2>
        <Button appearance="primary" icon={<Add20Regular />} onClick={onNewChat}>
          {texts.newChat}
        </Button>
      </div>
      <div className={styles.scroller}>
        {list.isPending && (
          <div className={styles.state}>
            <Spinner size="tiny" label={texts.loading} />
          </div>
        )}
        {list.isError && chats.length === 0 && (
          <div className={styles.state}>
            <Text>{texts.loadError}</Text>
            <Button size="small" onClick={() => void list.refetch()}>
              {texts.retry}
            </Button>
          </div>
        )}
        {list.isSuccess && chats.length === 0 && <Text className={styles.state}>{texts.empty}</Text>}
        {chats.length > 0 && (
          <div className={styles.listBox}>
            <ul className={styles.list}>
              {chats.map((chat) => (
                <li key={chat.id}>
                  <ChatListItem chat={chat} viewerId={viewerId} selected={chat.id === selectedId} onOpen={onOpen} />
                </li>
              ))}
            </ul>
            {list.hasNextPage && <div ref={markerRef} className={styles.loadMoreMarker} aria-hidden />}
          </div>
        )}
        {list.isFetchingNextPage && (
          <div className={styles.state}>
            <Spinner size="tiny" label={texts.loading} />
          </div>
        )}
      </div>
    </section>
  );
}

function ChatListItem({ chat, viewerId, selected, onOpen }: { readonly chat: Chat; readonly viewerId: string; readonly selected: boolean; readonly onOpen: () => void }) {
  const styles = useStyles();
  const to = chatRoutePath(chat.id);
  const href = useHref(to);
  const follow = useLinkClickHandler(to);

  return (
    <a
      href={href}
      className={mergeClasses(styles.link, selected && styles.selected)}
      aria-current={selected ? 'page' : undefined}
      onClick={(event) => {
        follow(event);
        onOpen();
      }}
    >
      <ChatSummary chat={chat} viewerId={viewerId} />
    </a>
  );
}
