/**
 * Delivery ticks of outgoing messages (spec 1 §2.5, §9). The spec fixes only that acks 4 and 5 show as
 * read; below that we show what a WhatsApp user expects: 0 waiting (a clock: the session host has not
 * taken it yet), 1 sent (one tick), 2 and 3 delivered (two grey ticks).
 */
import type { Ack } from '../../../../shared/messages';

export type AckState = 'pending' | 'sent' | 'delivered' | 'read';

export function ackState(ack: Ack): AckState {
  if (ack >= 4) return 'read';
  if (ack >= 2) return 'delivered';
  if (ack === 1) return 'sent';
  return 'pending';
}
