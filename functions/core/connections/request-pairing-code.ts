/**
 * Linking a connection by phone number (POST /whatsappsession/{id}/pairing-code, body `{ number }`):
 * the admin's alternative to scanning the QR code, for a phone whose camera cannot reach the screen.
 * WhatsApp shows "Link with phone number instead" under Linked devices, and the phone then asks for an
 * 8-character code that the linking device obtained for that number.
 *
 * Decision (the spec is silent; issue 15): the code takes the session buttons' own path rather than an
 * answer of its own. The route is admin-only like the other session routes
 * (connections-page:actionButtons) and reads the connection of the caller's company only, so another
 * company's id is ERR_NO_WAPP_FOUND. It puts a `requestPairingCode` command on the connection's shard
 * queue (core/sessions/commands.ts) and answers the connection OPENING at once; the host drops any
 * pairing state, opens a new socket, asks the provider for the code once the socket is up and not
 * paired (Baileys: `requestPairingCode` on the first QR update; the simulator makes one), and reports it
 * as the `qrcode` status with `pairingCode` set beside the QR code. It reaches the browser through
 * `whatsappSession` like every QR code, so the page shows whichever the admin wants and the status
 * follows the same course (PAIRING, CONNECTED, or DISCONNECTED once the codes run out). The code is no
 * more secret than the QR code, which the company's users already receive.
 *
 * Steps: read the connection (another company's id is a missing one); enqueue the command first (as
 * session-control.ts does, so 'connecting' always has a command behind it); set OPENING with the QR and
 * pairing codes cleared; publish `whatsappSession` update. A Cloud API connection is refused with
 * ERR_VALIDATION, as its new QR code is (session-control.ts).
 */
import { ulid } from 'ulid';
import type { ConnectionDto } from '../../../shared/connections';
import { AppError } from '../errors';
import { publishToCompany } from '../realtime/publisher';
import { getConnection, setSessionState } from '../repositories/connections';
import { enqueueSessionCommand } from '../sessions/commands';
import type { Caller } from '../caller/load-caller';
import { presentConnection } from './present-connection';
import { noQrCode } from './session-control';

export async function requestPairingCode(caller: Caller, whatsappId: string, number: string, now = new Date()): Promise<ConnectionDto> {
  const connection = await getConnection(caller.companyId, whatsappId, true);
  if (!connection) throw new AppError('ERR_NO_WAPP_FOUND');
  // Issue 32: a Cloud API number is linked in Meta's app, never by a code.
  if (connection.provider === 'cloud') throw noQrCode();

  await enqueueSessionCommand({
    type: 'requestPairingCode',
    commandId: ulid(),
    companyId: caller.companyId,
    whatsappId,
    issuedAt: now.toISOString(),
    provider: connection.provider,
    number,
  }, connection.provider);

  const saved = await setSessionState(caller.companyId, whatsappId, { status: 'OPENING', qrcode: '', pairingCode: '', retries: 0, updatedAt: now.toISOString() });
  if (!saved) throw new AppError('ERR_NO_WAPP_FOUND');
  const dto = await presentConnection(saved.connection);
  // A newer state (the host was quicker) was published by the host already; the answer is that state.
  if (saved.applied) await publishToCompany(caller.companyId, 'company', 'whatsappSession', { action: 'update', session: dto });
  return dto;
}
