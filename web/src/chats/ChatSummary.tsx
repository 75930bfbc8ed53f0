/**
 * What a chat shows in a list, the same in /chats and in the header's popover: its title (bold while
 * unread), the time of its last activity, its last message, and the viewer's unread count as a badge
 * (read out by screen readers as text). The caller wraps it in the link that opens the chat.
 */
import { Caption1, CounterBadge, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { ownUnreads } from '../api/chat-cache';
import type { Chat } from '../api/chats';
import { useLanguage } from '../i18n/language';
import { countText, useTexts } from '../i18n/texts';
import { messageTime } from './chat-rules';
import { chatsTexts } from './texts';

const useStyles = makeStyles({
  body: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXXS },
  line: { display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', columnGap: tokens.spacingHorizontalS },
  truncate: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3, flexShrink: 0 },
  preview: { color: tokens.colorNeutralForeground2 },
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
});

export function ChatSummary({ chat, viewerId }: { readonly chat: Chat; readonly viewerId: string }) {
  const styles = useStyles();
  const texts = useTexts(chatsTexts).page;
  const { language } = useLanguage();
  const unreads = ownUnreads(chat, viewerId) ?? 0;
  return (
    <>
      <span className={styles.body}>
        <span className={styles.line}>
          <Text className={styles.truncate} weight={unreads > 0 ? 'semibold' : 'regular'}>
            {chat.title}
          </Text>
          <Caption1 className={styles.muted}>{messageTime(chat.updatedAt, language)}</Caption1>
        </span>
        <Caption1 className={mergeClasses(styles.truncate, styles.preview)}>{chat.lastMessage === '' ? texts.noMessagesYet : chat.lastMessage}</Caption1>
      </span>
      {unreads > 0 && (
        <>
          <CounterBadge count={unreads} color="brand" size="small" aria-hidden />
          <span className={styles.hidden}>{`, ${countText(texts.unread, unreads, language)}`}</span>
        </>
      )}
    </>
  );
}
