/**
 * Rotating a connection's token for the external messaging API (POST /whatsapp/{id}/token). The new
 * token is answered once; only its SHA-256 is stored, on the connection and as the lookup item the
 * external API reads. The old token stops working in the same transaction that makes the new one.
 *
 * Steps: read the connection (another company's id is a missing one); make a token; in one transaction
 * set the hash on the connection (conditioned on the old hash, so two rotations cannot both win), delete
 * the old lookup item and create the new one; answer the connection with the token. A rotation that
 * loses to a concurrent one starts again from a fresh read, a few times, then answers ERR_CONFLICT.
 */
import type { ConnectionWithTokenDto } from '../../../shared/connections';
import { AppError, conflict } from '../errors';
import {
  deleteTokenLookupAction,
  getConnection,
  newConnectionToken,
  putNewTokenLookupAction,
  setConnectionTokenAction,
} from '../repositories/connections';
import { Steps } from '../repositories/transaction';
import type { Session } from './load-session';
import { presentConnection } from './present-connection';

const ATTEMPTS = 4;

export async function rotateConnectionToken(session: Session, whatsappId: string): Promise<ConnectionWithTokenDto> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const rotated = await rotateOnce(session, whatsappId);
    if (rotated) return rotated;
  }
  throw conflict(`Connection ${whatsappId}`);
}

/** One rotation from a fresh read; undefined when another rotation changed the hash meanwhile. */
async function rotateOnce(session: Session, whatsappId: string): Promise<ConnectionWithTokenDto | undefined> {
  const connection = await getConnection(session.companyId, whatsappId, true);
  if (!connection) throw new AppError('ERR_NO_WAPP_FOUND');
  const { token, tokenHash } = newConnectionToken();

  const steps = new Steps();
  steps.add('connection', setConnectionTokenAction(connection, tokenHash));
  steps.add('oldToken', deleteTokenLookupAction(connection.tokenHash));
  steps.add('newToken', putNewTokenLookupAction(tokenHash, { companyId: session.companyId, connectionId: whatsappId }));
  const failed = await steps.run();
  // Deleted or rotated meanwhile: the next read tells which.
  if (failed.has('connection')) return undefined;
  if (failed.size > 0) throw new Error(`Connection ${whatsappId} token rotation failed on ${[...failed].join(', ')}`);

  return { ...(await presentConnection({ ...connection, tokenHash })), token };
}
