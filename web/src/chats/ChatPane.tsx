/**
 * The open chat (spec 3 §2 Internal chat, §4, §6): its title and members, edit and delete for its owner
 * only, the messages and the composer. Opening a chat with unread messages marks it read (and so does
 * coming back to a tab that had it open while messages arrived). A chat that does not exist, or that
 * the viewer is not a member of, says so.
 */
import { Button, Caption1, makeStyles, mergeClasses, Spinner, Subtitle2, Text, Tooltip, tokens } from '@fluentui/react-components';
import { Delete20Regular } from '@fluentui/react-icons/svg/delete';
import { Edit20Regular } from '@fluentui/react-icons/svg/edit';
import { useCallback, useEffect } from 'react';
import { ownUnreads } from '../api/chat-cache';
import { ApiError } from '../api/client';
import { useChat, useChatMessages, type Chat } from '../api/chats';
import { RouterLink } from '../components/RouterLink';
import { format, useTexts } from '../i18n/texts';
import { CHATS_PATH } from '../runtime/paths';
import { isOwner, messagesOldestFirst, otherMembers } from './chat-rules';
import { ChatComposer } from './ChatComposer';
import { ChatMessages } from './ChatMessages';
import { chatsTexts } from './texts';
import { useMarkChatRead, usePageVisible } from './use-chat-read';

const useStyles = makeStyles({
  pane: { flexGrow: 1, minHeight: 0, minWidth: 0, display: 'flex', flexDirection: 'column' },
  header: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    minHeight: '48px',
    boxSizing: 'border-box',
  },
  heading: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
  truncate: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  members: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', flexShrink: 0 },
  state: {
    margin: 'auto',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    rowGap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalXXL,
    textAlign: 'center',
    color: tokens.colorNeutralForeground3,
  },
});

export interface ChatPaneProps {
  readonly chatId: string;
  readonly viewerId: string;
  readonly onEdit: (chat: Chat) => void;
  readonly onDelete: (chat: Chat) => void;
}

export function ChatPane({ chatId, viewerId, onEdit, onDelete }: ChatPaneProps) {
  const styles = useStyles();
  const texts = useTexts(chatsTexts);
  const chat = useChat(chatId);
  const messages = useChatMessages(chatId);
  const visible = usePageVisible();
  const markRead = useMarkChatRead(viewerId);

  const { fetchNextPage } = messages;
  const loadOlder = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  const unreads = chat.data === undefined ? null : ownUnreads(chat.data, viewerId);
  useEffect(() => {
    if (visible && unreads !== null && unreads > 0) markRead(chatId);
  }, [visible, unreads, chatId, markRead]);

  // Not a member, or no such chat (ERR_NO_CHAT_FOUND; a malformed id is refused as bad input): said so.
  const missing = chat.error instanceof ApiError && (chat.error.status === 404 || chat.error.status === 400);
  if (missing && chat.data === undefined) {
    return (
      <div className={styles.pane}>
        <div className={styles.state}>
          <Text>{texts.page.notFound}</Text>
          <RouterLink to={CHATS_PATH}>{texts.page.backToList}</RouterLink>
        </div>
      </div>
    );
  }
  if (chat.data === undefined) {
    return (
      <div className={styles.pane}>
        <div className={styles.state}>
          {chat.isError ? (
            <>
              <Text>{texts.page.loadError}</Text>
              <Button onClick={() => void chat.refetch()}>{texts.page.retry}</Button>
            </>
          ) : (
            <Spinner size="small" label={texts.page.loading} />
          )}
        </div>
      </div>
    );
  }

  const shown = chat.data;
  const owner = isOwner(shown, viewerId);
  const members = otherMembers(shown, viewerId);

  return (
    <section className={styles.pane} aria-label={shown.title}>
      <div className={styles.header}>
        <div className={styles.heading}>
          <Subtitle2 as="h2" className={styles.truncate}>
            {shown.title}
          </Subtitle2>
          {members.length > 0 && (
            <Caption1 className={mergeClasses(styles.truncate, styles.members)}>{format(texts.page.members, { names: members.join(', ') })}</Caption1>
          )}
        </div>
        {owner && (
          <div className={styles.actions}>
            <Tooltip content={texts.pane.edit} relationship="label">
              <Button appearance="subtle" icon={<Edit20Regular />} onClick={() => onEdit(shown)} />
            </Tooltip>
            <Tooltip content={texts.pane.delete} relationship="label">
              <Button appearance="subtle" icon={<Delete20Regular />} onClick={() => onDelete(shown)} />
            </Tooltip>
          </div>
        )}
      </div>
      <ChatMessages
        messages={messagesOldestFirst(messages.data)}
        viewerId={viewerId}
        pending={messages.isPending}
        hasOlder={messages.hasNextPage}
        loadingOlder={messages.isFetchingNextPage}
        onLoadOlder={loadOlder}
      />
      <ChatComposer chatId={chatId} viewerId={viewerId} />
    </section>
  );
}
