/**
 * The reply window of a ticket as the input shows it (reply-window.ts): whether its connection is a
 * Cloud API one comes from the company's cached connection list (api/connections.ts, kept current by
 * its events); the ticket's `customerMessageAt` comes live with the ticket. A timer wakes the input when
 * an open window closes, so the composer gives way to the notice without a reload.
 */
import { useCallback, useEffect, useState } from 'react';
import { useConnections } from '../../api/connections';
import { msUntilWindowChanges, replyWindowOf, type ReplyWindow } from './reply-window';

export interface ReplyWindowControl {
  readonly window: ReplyWindow;
  /** A send was refused with ERR_OUTSIDE_REPLY_WINDOW: the notice shows until the customer writes again. */
  readonly closeNow: () => void;
}

export function useReplyWindow(whatsappId: string | null, customerMessageAt: string | null): ReplyWindowControl {
  const connections = useConnections(whatsappId !== null);
  const cloud = whatsappId !== null && connections.data?.find((connection) => connection.id === whatsappId)?.provider === 'cloud';
  // The instant the window was last judged at: set again when the timer below fires.
  const [now, setNow] = useState(() => new Date());
  const [refusedWith, setRefusedWith] = useState<string | null | undefined>(undefined);

  const replyWindow = replyWindowOf(cloud, customerMessageAt, now, refusedWith);
  const endsAt = replyWindow.kind === 'open' ? replyWindow.endsAt.getTime() : null;

  useEffect(() => {
    if (endsAt === null) return undefined;
    // Measured from the clock, not from `now`, which may be old: a window already past fires at once.
    const delay = msUntilWindowChanges({ kind: 'open', endsAt: new Date(endsAt) }, new Date()) ?? 0;
    const timer = setTimeout(() => setNow(new Date()), delay);
    return () => clearTimeout(timer);
  }, [endsAt]);

  const closeNow = useCallback(() => setRefusedWith(customerMessageAt), [customerMessageAt]);
  return { window: replyWindow, closeNow };
}
