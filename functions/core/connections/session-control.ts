/**
 * The admin's session buttons (spec 2 §2, /whatsappsession/{id}): start the session (POST; for a
 * connection waiting to reconnect, TIMEOUT, a restart now rather than after its backoff), ask for a
 * new QR code (PUT), disconnect (DELETE). Each puts a command on the connection's session-host shard
 * queue (functions/core/sessions/commands.ts) and sets the status the page shows until the host reports
 * the next one: OPENING for start and new QR; DISCONNECTED with the QR code cleared for disconnect.
 *
 * Steps: read the connection (another company's id is a missing one); enqueue the command first (a
 * status without a command behind it would show 'connecting' forever); set the status, QR code and
 * retries, unless the host, quick on the command, already stored a newer state (the answer is then
 * that state, which the host published); publish `whatsappSession` update with the connection (never
 * a credential).
 */
import { ulid } from 'ulid';
import type { ConnectionDto, ConnectionStatus } from '../../../shared/connections';
import { AppError } from '../errors';
import { publishToCompany } from '../realtime/publisher';
import { getConnection, setSessionState } from '../repositories/connections';
import { enqueueSessionCommand } from '../sessions/commands';
import type { Caller } from '../caller/load-caller';
import { presentConnection } from './present-connection';

export type SessionAction = 'start' | 'requestQr' | 'logout';

export async function controlSession(caller: Caller, whatsappId: string, action: SessionAction, now = new Date()): Promise<ConnectionDto> {
  const connection = await getConnection(caller.companyId, whatsappId, true);
  if (!connection) throw new AppError('ERR_NO_WAPP_FOUND');

  const common = { commandId: ulid(), companyId: caller.companyId, whatsappId, issuedAt: now.toISOString() };
  let status: ConnectionStatus;
  if (action === 'start') {
    const type = connection.status === 'TIMEOUT' ? 'restartSession' : 'startSession';
    await enqueueSessionCommand({ type, ...common, provider: connection.provider }, connection.provider);
    status = 'OPENING';
  } else if (action === 'requestQr') {
    await enqueueSessionCommand({ type: 'requestQr', ...common, provider: connection.provider }, connection.provider);
    status = 'OPENING';
  } else {
    await enqueueSessionCommand({ type: 'logout', ...common, deleted: false }, connection.provider);
    status = 'DISCONNECTED';
  }

  const saved = await setSessionState(caller.companyId, whatsappId, { status, qrcode: '', pairingCode: '', retries: 0, updatedAt: now.toISOString() });
  if (!saved) throw new AppError('ERR_NO_WAPP_FOUND');
  const dto = await presentConnection(saved.connection);
  // A newer state (the host was quicker) was published by the host already; the answer is that state.
  if (saved.applied) await publishToCompany(caller.companyId, 'company', 'whatsappSession', { action: 'update', session: dto });
  return dto;
}
