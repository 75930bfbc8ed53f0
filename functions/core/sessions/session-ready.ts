/**
 * Whether a send asked for by an agent or an external system can go out (spec 1 §8,
 * ERR_WAPP_NOT_INITIALIZED). The session host drops a command for a session it does not run, or that
 * does not open within its wait, so a message stored for such a connection would never leave and its
 * clock icon would never turn into ticks. Those sends are refused instead, before anything is stored.
 *
 * Usable: CONNECTED, and OPENING (a session starting or reconnecting, which the host waits for). Not
 * usable: DISCONNECTED (never paired, or logged out), qrcode and PAIRING (nobody has scanned yet),
 * TIMEOUT (waiting for its next reconnect attempt), and a connection deleted since. A ticket on no
 * connection (a company without any) stores its messages only and is let through. The company's own
 * automatic messages (greetings, transfer notices, bots) are not refused: they follow what the agent
 * or the contact just did and are dropped by the host like any send the session cannot take.
 */
import type { ConnectionStatus } from '../../../shared/connections';
import { AppError } from '../errors';
import { getConnection, type Connection } from '../repositories/connections';

const USABLE: readonly ConnectionStatus[] = ['CONNECTED', 'OPENING'];

/** Answers the connection read (its provider decides the send's queue and rules), or undefined for a ticket on none. */
export async function requireRunningSession(companyId: string, whatsappId: string | null): Promise<Connection | undefined> {
  if (whatsappId === null) return undefined;
  const connection = await getConnection(companyId, whatsappId);
  if (!connection || !USABLE.includes(connection.status)) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
  return connection;
}
