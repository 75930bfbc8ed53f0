/**
 * The connections alert badge of the side menu (spec 1 §2.2, §4.3, §9): shown when any connection has
 * a status that needs attention (everything but CONNECTED), first checked 2 s after load and then kept
 * current from the `whatsapp` and `whatsappSession` events.
 */
import { needsAttention } from '../../../shared/connection-status';
import type { ConnectionDto, ConnectionStatus } from '../../../shared/connections';
import type { CompanyChannels } from '../../../shared/realtime-events';

export const CONNECTION_ALERT_DELAY_MS = 2000;

/** What the badge needs of a connection. */
export interface ConnectionState {
  readonly id: string;
  readonly status: ConnectionStatus;
}

export function anyConnectionNeedsAttention(connections: readonly ConnectionState[]): boolean {
  return connections.some((connection) => needsAttention(connection.status));
}

type ConnectionEvent = CompanyChannels['whatsapp'] | CompanyChannels['whatsappSession'];

/**
 * The GET /whatsapp list after an event: a changed or new connection replaces its entry (it carries
 * the whole connection); a deleted one leaves.
 */
export function applyConnectionEvent(connections: readonly ConnectionDto[], event: ConnectionEvent): ConnectionDto[] {
  if (event.action === 'delete') return connections.filter((connection) => connection.id !== event.whatsappId);
  const changed = 'whatsapp' in event ? event.whatsapp : event.session;
  return connections.some((connection) => connection.id === changed.id)
    ? connections.map((connection) => (connection.id === changed.id ? changed : connection))
    : [...connections, changed];
}
