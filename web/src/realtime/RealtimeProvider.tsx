/**
 * Opens the realtime connection for the signed-in user and provides it to the private area (the
 * shell renders it). After a reconnect, once the rooms are joined again, the cached queries read
 * before the connection reopened are invalidated, since events were missed meanwhile (the screens
 * refetch what they show of their rooms themselves, on the join's answer: see useRealtimeRoom); when
 * the account is opened on another computer the user is told and, a second later (spec 1 §9), the
 * session ends, which clears the stored tokens and leads to /login, where that notice stays the only
 * word on it (no 'session expired' besides).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { requestSocketTicket } from '../api/realtime';
import { useServices } from '../runtime/services';
import { useToast } from '../feedback/toast';
import { useTexts } from '../i18n/texts';
import { RealtimeClient, type RealtimeSocket } from './realtime-client';
import { RealtimeContext } from './realtime-context';
import { refetchAfterReconnect } from './reconnect-refetch';
import { signInTagOfToken } from './sign-in-tag';
import { realtimeTexts } from './texts';

/** Spec 1 §9: the same-account-elsewhere notice is followed by the sign-out after 1 s. */
export const SESSION_REPLACED_DELAY_MS = 1_000;
/** Long enough to be read on the login page the user lands on. */
const SESSION_REPLACED_NOTICE_MS = 8_000;

export interface RealtimeProviderProps {
  readonly companyId: string;
  readonly userId: string;
  readonly children: ReactNode;
}

export function RealtimeProvider({ companyId, userId, children }: RealtimeProviderProps) {
  const { api, auth, config } = useServices();
  const queryClient = useQueryClient();
  const toast = useToast();
  const texts = useTexts(realtimeTexts);
  const [client, setClient] = useState<RealtimeClient | undefined>();

  // Read when the event comes, so the notice is in the language chosen since the connection opened.
  const notice = useRef(() => {});
  useEffect(() => {
    notice.current = () => toast.warning(texts.sessionReplaced, { timeoutMs: SESSION_REPLACED_NOTICE_MS });
  });

  useEffect(() => {
    const created = new RealtimeClient({
      wsUrl: config.wsUrl,
      companyId,
      userId,
      fetchTicket: () => requestSocketTicket(api),
      // The browser's WebSocket has the shape the client uses; only its handler `this` types differ.
      createSocket: (url) => new WebSocket(url) as RealtimeSocket,
      ownSignInTag: async () => signInTagOfToken(await auth.getAccessToken()),
      onSessionReplaced: () => {
        // Whatever ends the session now (a 401 may come before the delay is over), it ended this way.
        auth.markReplaced();
        notice.current();
        // Not cancelled when the area unmounts meanwhile: the session must end all the same.
        setTimeout(() => void auth.expire(), SESSION_REPLACED_DELAY_MS);
      },
    });
    const stopReconnected = created.onReconnected((reopenedAt) => void refetchAfterReconnect(queryClient, reopenedAt));
    const online = () => created.reconnectNow();
    window.addEventListener('online', online);
    created.start();
    setClient(created);
    return () => {
      window.removeEventListener('online', online);
      stopReconnected();
      created.stop();
      setClient(undefined);
    };
  }, [api, auth, config.wsUrl, companyId, userId, queryClient]);

  return <RealtimeContext value={client}>{children}</RealtimeContext>;
}
