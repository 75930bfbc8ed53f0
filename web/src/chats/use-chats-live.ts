/**
 * The internal chat, live wherever the user is (spec 1 §2.2, §2.7; spec 3 §4): mounted once by the
 * shell while the plan has the internal chat. It reads the unread summary (the side menu's dot) and
 * applies every `chat` event to the cached chats (api/chat-cache.ts), which the /chats page and the
 * header's popover show; a message from someone else rings the notification chime at the volume set
 * unless its chat is open before the user, and then it is marked read instead.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { applyChatEvent } from '../api/chat-cache';
import { useChatUnread } from '../api/chats';
import { playChime } from '../notifications/play-chime';
import { useRealtimeEvent } from '../realtime';
import { openChatOf } from './chat-rules';
import { useMarkChatRead } from './use-chat-read';

/** Whether the user has unread chat messages (the menu's dot); false while the plan has no internal chat. */
export function useChatsLive(enabled: boolean, viewerId: string): boolean {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const markRead = useMarkChatRead(viewerId);
  const summary = useChatUnread(enabled);

  useRealtimeEvent('chat', (event) => {
    if (!enabled) return;
    const openChatId = document.visibilityState === 'visible' ? openChatOf(pathname) : undefined;
    const outcome = applyChatEvent(queryClient, event, { viewerId, openChatId });
    if (outcome === 'alert') playChime();
    if (outcome === 'read' && 'record' in event) markRead(event.record.id);
  });

  return enabled && (summary.data?.chats ?? 0) > 0;
}
