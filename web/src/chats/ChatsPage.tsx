/**
 * The internal chat, /chats and /chats/:id (spec 3 §2 Internal chat; checklist ): the
 * chat list beside the open chat's messages; on narrow screens (< 600 px) two tabs, 'Chats' and
 * 'Mensagens', one panel at a time. A new chat is made in the chat dialog, which its owner also edits
 * it with; deleting asks first ('Excluir Conversa'). When the open chat is deleted (by its owner,
 * anywhere: the live `delete` event) the page goes back to /chats. The cached chats are kept live by
 * the shell (use-chats-live.ts); the dialog and the confirmation load once the page has shown.
 */
import { makeStyles, mergeClasses, Tab, TabList, Text, tokens } from '@fluentui/react-components';
import { PeopleChat24Regular } from '@fluentui/react-icons/svg/people-chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { applyChatEvent } from '../api/chat-cache';
import { deleteChat, type Chat } from '../api/chats';
import { NARROW_SCREEN, useMediaQuery } from '../components/use-media-query';
import { useOpenedOnce } from '../components/use-opened-once';
import { useTexts } from '../i18n/texts';
import { useRealtimeEvent } from '../realtime';
import { CHATS_PATH, chatRoutePath } from '../runtime/paths';
import { useServices } from '../runtime/services';
import { useMe } from '../sign-in/me-context';
import { narrowViewFor, type NarrowView } from './chat-rules';
import { ChatList } from './ChatList';
import { ChatPane } from './ChatPane';
import { chatsTexts } from './texts';
import { lazyComponent, usePreload } from '../components/lazy-component';

const ChatDialog = lazyComponent(() => import('./ChatDialog').then((m) => m.ChatDialog));
const ConfirmDeleteDialog = lazyComponent(() => import('../components/ConfirmDeleteDialog').then((m) => m.ConfirmDeleteDialog));

const useStyles = makeStyles({
  page: {
    flexGrow: 1,
    minHeight: 0,
    height: '100%',
    display: 'flex',
    flexDirection: 'column',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  columns: { flexGrow: 1, minHeight: 0, display: 'flex' },
  list: {
    display: 'flex',
    flexDirection: 'column',
    minHeight: 0,
    width: 'clamp(260px, 32%, 380px)',
    flexShrink: 0,
    borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  pane: { flexGrow: 1, minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column' },
  narrowPanel: { width: '100%', borderRight: 'none' },
  hidden: { display: 'none' },
  narrowTabs: { borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  welcome: {
    margin: 'auto',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    rowGap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalXXL,
    textAlign: 'center',
    color: tokens.colorNeutralForeground3,
  },
  welcomeIcon: { fontSize: '48px' },
});

/** The dialog: closed, creating, or editing one chat. */
type DialogState = { readonly mode: 'closed' } | { readonly mode: 'create' } | { readonly mode: 'edit'; readonly chat: Chat };

export function ChatsPage() {
  usePreload(ChatDialog, ConfirmDeleteDialog);
  const styles = useStyles();
  const texts = useTexts(chatsTexts);
  const { id: chatId } = useParams();
  const { user } = useMe();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const narrow = useMediaQuery(NARROW_SCREEN);

  // Each navigation shows what it opened: a chat's messages, or the list (React's "adjust state when a
  // prop changes" pattern, read while rendering).
  const location = useLocation();
  const [view, setView] = useState<NarrowView>(narrowViewFor(chatId));
  const [navigationSeen, setNavigationSeen] = useState(location.key);
  if (location.key !== navigationSeen) {
    setNavigationSeen(location.key);
    setView(narrowViewFor(chatId));
  }

  // Spec 3 §2: a live delete of the open chat clears the selection and returns to /chats.
  useRealtimeEvent('chat', (event) => {
    if (event.action === 'delete' && event.id === chatId) void navigate(CHATS_PATH, { replace: true });
  });

  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<Chat>();
  const removal = useMutation({
    mutationFn: (chat: Chat) => deleteChat(api, chat.id),
    onSuccess: (_, chat) => {
      applyChatEvent(queryClient, { action: 'delete', id: chat.id }, { viewerId: user.id });
      if (chat.id === chatId) void navigate(CHATS_PATH, { replace: true });
    },
    // Spec 3 §8: silent.
    onSettled: () => setDeleting(undefined),
  });
  const dialogShown = useOpenedOnce(dialog.mode !== 'closed');
  const deleteShown = useOpenedOnce(deleting !== undefined);

  const showList = !narrow || view === 'chats';
  const showPane = !narrow || view === 'messages';

  return (
    <div className={styles.page}>
      {narrow && (
        <TabList className={styles.narrowTabs} selectedValue={view} onTabSelect={(_, data) => setView(data.value as NarrowView)}>
          <Tab value="chats">{texts.page.tabChats}</Tab>
          <Tab value="messages">{texts.page.tabMessages}</Tab>
        </TabList>
      )}
      <div className={styles.columns}>
        <div className={mergeClasses(styles.list, narrow && styles.narrowPanel, !showList && styles.hidden)}>
          <ChatList viewerId={user.id} selectedId={chatId} onNewChat={() => setDialog({ mode: 'create' })} onOpen={() => setView('messages')} />
        </div>
        <div className={mergeClasses(styles.pane, !showPane && styles.hidden)}>
          {chatId === undefined ? (
            <div className={styles.welcome}>
              <PeopleChat24Regular className={styles.welcomeIcon} aria-hidden />
              <Text>{texts.page.choose}</Text>
            </div>
          ) : (
            <ChatPane
              key={chatId}
              chatId={chatId}
              viewerId={user.id}
              onEdit={(chat) => setDialog({ mode: 'edit', chat })}
              onDelete={(chat) => setDeleting(chat)}
            />
          )}
        </div>
      </div>

      <Suspense fallback={null}>
        {dialogShown && (
          <ChatDialog
            open={dialog.mode !== 'closed'}
            chat={dialog.mode === 'edit' ? dialog.chat : undefined}
            viewerId={user.id}
            onClose={() => setDialog({ mode: 'closed' })}
            onSaved={(saved, created) => {
              if (created) void navigate(chatRoutePath(saved.id));
            }}
          />
        )}
        {deleteShown && (
          <ConfirmDeleteDialog
            open={deleting !== undefined}
            busy={removal.isPending}
            wording={texts.confirmDelete}
            onConfirm={() => deleting !== undefined && removal.mutate(deleting)}
            onCancel={() => setDeleting(undefined)}
          />
        )}
      </Suspense>
    </div>
  );
}
