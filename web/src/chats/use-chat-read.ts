/**
 * Marking a chat read (spec 3 §4, §7: POST /chats/{id}/read `{ userId }`): the viewer's count becomes 0
 * in every cache and the menu's summary follows. One request per chat at a time, wherever it is asked
 * for (the page opening a chat, a message arriving in the open chat). A failure is silent (spec 3 §8):
 * the count stays, and the next opening tries again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { applyChatEvent } from '../api/chat-cache';
import { markChatRead } from '../api/chats';
import { useServices } from '../runtime/services';

const marking = new Set<string>();

export function useMarkChatRead(viewerId: string): (chatId: string) => void {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useCallback(
    (chatId: string) => {
      if (marking.has(chatId)) return;
      marking.add(chatId);
      markChatRead(api, chatId, viewerId)
        .then(
          () => void applyChatEvent(queryClient, { action: 'read', id: chatId, userId: viewerId, unreads: 0 }, { viewerId }),
          () => undefined,
        )
        .finally(() => marking.delete(chatId));
    },
    [api, queryClient, viewerId],
  );
}

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** Whether the tab is shown: a chat open in a hidden tab is not being read. */
export function usePageVisible(): boolean {
  return useSyncExternalStore(subscribeVisibility, () => document.visibilityState === 'visible', () => true);
}
