/**
 * The connections alert badge of the side menu (spec 1 §2.2, §4.3, §9): shown when any connection has
 * a status that needs attention (everything but CONNECTED), first checked 2 s after load and then kept
 * current from the `whatsapp` and `whatsappSession` events.
 */
import { needsAttention } from '../../../../shared/connection-status';
import type { ConnectionStatus } from '../../../../shared/connections';

export const CONNECTION_ALERT_DELAY_MS = 2000;

/** What the badge needs of a connection. */
export interface ConnectionState {
  readonly id: string;
  readonly status: ConnectionStatus;
}

export function anyConnectionNeedsAttention(connections: readonly ConnectionState[]): boolean {
  return connections.some((connection) => needsAttention(connection.status));
}

/** How an event changes the cached list: one rule for the badge and the connections page (api/connections.ts). */
export { applyConnectionEvent } from '../../api/connections';
