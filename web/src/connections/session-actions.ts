/**
 * The session buttons of a connection's row (spec 2 §2 Connections, checklist O-002 to O-005), by its
 * status: qrcode shows the QR code; DISCONNECTED offers 'try again' (POST /whatsappsession/{id}) and
 * 'new QR' (PUT); CONNECTED, PAIRING and TIMEOUT offer Disconnect (DELETE); OPENING shows a disabled
 * 'connecting' button. Only admins see them (connections-page:actionButtons).
 */
import type { ConnectionProvider, ConnectionStatus } from '../../../shared/connections';

export type SessionButton = 'showQr' | 'retry' | 'newQr' | 'disconnect' | 'connecting' | 'templates';

/**
 * A Cloud API connection (issue 32) has no QR code, pairing or session to drop: 'try again' checks its
 * credentials with Meta (POST), and 'templates' opens its message templates.
 */
export function sessionButtons(status: ConnectionStatus, provider: ConnectionProvider): readonly SessionButton[] {
  if (provider === 'cloud') return [status === 'OPENING' ? 'connecting' : 'retry', 'templates'];
  switch (status) {
    case 'qrcode':
      return ['showQr'];
    case 'DISCONNECTED':
      return ['retry', 'newQr'];
    case 'CONNECTED':
    case 'PAIRING':
    case 'TIMEOUT':
      return ['disconnect'];
    case 'OPENING':
      return ['connecting'];
  }
}

/** The badge of a status: green when connected, red when it is down, amber while it waits for someone. */
export type StatusTone = 'success' | 'danger' | 'warning' | 'informative';

export function statusTone(status: ConnectionStatus): StatusTone {
  switch (status) {
    case 'CONNECTED':
      return 'success';
    case 'DISCONNECTED':
      return 'danger';
    case 'qrcode':
    case 'PAIRING':
    case 'TIMEOUT':
      return 'warning';
    case 'OPENING':
      return 'informative';
  }
}

/**
 * Whether the QR dialog should close by itself: the session it shows is CONNECTED (spec 2 §2, O-007;
 * the phone scanned the code or entered the pairing code), or the connection is gone.
 */
export function qrDialogDone(connection: { readonly status: ConnectionStatus } | undefined): boolean {
  return connection === undefined || connection.status === 'CONNECTED';
}

/** A pairing code as WhatsApp shows it on the linking device: two groups of four, 'ABCD-EFGH'. */
export function displayPairingCode(code: string): string {
  return code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}
