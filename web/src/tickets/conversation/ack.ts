/**
 * Delivery ticks of outgoing messages (spec 1 §2.5, §9), from acks numbered as shared/messages.ts says:
 * 0 and 1 a clock (not yet taken by WhatsApp's server), 2 one tick (sent), 3 two grey ticks (delivered),
 * 4 and 5 read. A message WhatsApp refused (issue 32: `failureReason`) is failed, whatever its ack.
 */
import type { Ack } from '../../../../shared/messages';

export type AckState = 'pending' | 'sent' | 'delivered' | 'read';

export function ackState(ack: Ack): AckState {
  if (ack >= 4) return 'read';
  if (ack === 3) return 'delivered';
  if (ack === 2) return 'sent';
  return 'pending';
}

export type DeliveryState = AckState | 'failed';

/** What an outgoing message's mark shows: its failure, else its ack. */
export function deliveryState(ack: Ack, failureReason: string | null): DeliveryState {
  return failureReason !== null ? 'failed' : ackState(ack);
}
