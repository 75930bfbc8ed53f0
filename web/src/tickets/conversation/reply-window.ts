/**
 * What the conversation's input offers on a Cloud API connection (issue 32; shared/whatsapp-cloud.ts):
 * free-form messages only within 24 hours of the customer's last message (`customerMessageAt`), an
 * approved template at any time. Elsewhere (Baileys, the simulator, no connection) nothing changes.
 *
 * The server has the last word: a send it refuses with ERR_OUTSIDE_REPLY_WINDOW (a clock ahead of the
 * browser's, a message not yet seen here) closes the window for the `customerMessageAt` it was refused
 * with, until the customer writes again.
 */
import { ApiError } from '../../api/client';
import { replyWindowEndsAt, replyWindowOpen } from '../../../../shared/whatsapp-cloud';

export type ReplyWindow =
  /** Not a cloud connection: the composer as always. */
  | { readonly kind: 'free' }
  /** Within the window: the composer, and templates beside it; it closes at `endsAt`. */
  | { readonly kind: 'open'; readonly endsAt: Date }
  /** Outside it: only a template. `customerMessageAt` null: the customer never wrote. */
  | { readonly kind: 'closed'; readonly customerMessageAt: string | null };

/**
 * The window of a ticket now. `refusedWith`: the `customerMessageAt` a send was refused with
 * (ERR_OUTSIDE_REPLY_WINDOW); undefined when none was. Such a refusal says the connection is a cloud
 * one even where the connection list could not tell (not loaded).
 */
export function replyWindowOf(cloud: boolean, customerMessageAt: string | null, now: Date, refusedWith?: string | null): ReplyWindow {
  if (!cloud && refusedWith === undefined) return { kind: 'free' };
  const endsAt = replyWindowEndsAt(customerMessageAt);
  if (endsAt !== null && replyWindowOpen(customerMessageAt, now) && refusedWith !== customerMessageAt) return { kind: 'open', endsAt };
  return { kind: 'closed', customerMessageAt };
}

/** How long until an open window closes (never below 0); null when there is nothing to wait for. */
export function msUntilWindowChanges(window: ReplyWindow, now: Date): number | null {
  return window.kind === 'open' ? Math.max(0, window.endsAt.getTime() - now.getTime()) : null;
}

/** Whether a send was refused because the window is closed. */
export function refusedOutsideWindow(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'ERR_OUTSIDE_REPLY_WINDOW';
}
