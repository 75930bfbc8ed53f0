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
 *
 * A Cloud API connection (issue 32) has no session on a host, no QR code and no pairing: start checks
 * its credentials with Meta instead (whatsapp-cloud/cloud-account.ts: the number read with the token,
 * then the webhook subscription with this connection's callback, whose failure is only logged) and
 * reports CONNECTED, or DISCONNECTED and ERR_WAPP_CLOUD_API when Meta refuses or does not answer; the
 * status is stored and published as the host's are (session-status.ts). A new QR code is refused with
 * ERR_VALIDATION (there is none to offer); disconnect stores DISCONNECTED. Nothing is ever enqueued for
 * a host: no host holds a cloud connection.
 */
import { ulid } from 'ulid';
import type { ConnectionDto, ConnectionStatus } from '../../../shared/connections';
import { AppError } from '../errors';
import { publishToCompany } from '../realtime/publisher';
import { logger } from '../logger';
import { getConnection, setSessionState, type Connection } from '../repositories/connections';
import { enqueueSessionCommand } from '../sessions/commands';
import type { Caller } from '../caller/load-caller';
import { checkCloudAccount, type CloudAccountCheck } from '../whatsapp-cloud/cloud-account';
import { GraphApiError } from '../whatsapp-cloud/graph-api';
import { cloudWebhookUrl, presentConnection } from './present-connection';
import { reportSessionStatus } from './session-status';

export type SessionAction = 'start' | 'requestQr' | 'logout';

export async function controlSession(caller: Caller, whatsappId: string, action: SessionAction, now = new Date()): Promise<ConnectionDto> {
  const connection = await getConnection(caller.companyId, whatsappId, true);
  if (!connection) throw new AppError('ERR_NO_WAPP_FOUND');
  if (connection.provider === 'cloud') return controlCloudConnection(connection, action, now);

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

/** The session buttons on a Cloud API connection (see the file's comment). */
async function controlCloudConnection(connection: Connection, action: SessionAction, now: Date): Promise<ConnectionDto> {
  if (action === 'requestQr') throw noQrCode();
  if (action === 'logout') return reportCloudStatus(connection, 'DISCONNECTED', now);

  let check: CloudAccountCheck;
  try {
    check = await checkCloudAccount({
      phoneNumberId: connection.cloudPhoneNumberId ?? '',
      businessAccountId: connection.cloudBusinessAccountId ?? '',
      accessToken: connection.cloudAccessToken ?? '',
      webhookUrl: cloudWebhookUrl(connection.id),
      webhookVerifyToken: connection.webhookVerifyToken ?? '',
    });
  } catch (error) {
    if (!(error instanceof GraphApiError)) throw error;
    logger.warn('cloud connection check refused', { whatsappId: connection.id, status: error.status, code: error.code, reason: error.reason });
    await reportCloudStatus(connection, 'DISCONNECTED', now);
    throw new AppError('ERR_WAPP_CLOUD_API', { message: error.reason });
  }
  if (!check.subscribed) logger.warn('cloud webhook subscription failed; the admin may set the callback by hand', { whatsappId: connection.id, reason: check.subscribeFailure });
  return reportCloudStatus(connection, 'CONNECTED', now);
}

/** Stores and publishes a cloud connection's status as the host's are; answers the connection as it is now. */
async function reportCloudStatus(connection: Connection, status: ConnectionStatus, now: Date): Promise<ConnectionDto> {
  await reportSessionStatus(connection.companyId, connection.id, { status }, now);
  const saved = await getConnection(connection.companyId, connection.id, true);
  if (!saved) throw new AppError('ERR_NO_WAPP_FOUND');
  return presentConnection(saved);
}

/** A Cloud API connection has no QR code nor pairing code: its number is linked in Meta's app. */
export function noQrCode(): AppError {
  const message = 'A Cloud API connection has no QR code: check its credentials instead';
  return new AppError('ERR_VALIDATION', { message, fields: [{ path: 'provider', message }] });
}
