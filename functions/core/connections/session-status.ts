/**
 * What the session host reports about a connection's session (spec 2 §2, §4): its status, the QR code
 * to scan while it is `qrcode` (and the code for linking by phone number, when one was asked for), and
 * how many codes were offered. Stored on the connection and published
 * as `whatsappSession` (the connections page and its QR dialog) and `whatsapp` (lists, the menu's alert
 * badge); never a session credential (docs/architecture.md §7).
 *
 * A connection deleted meanwhile is left deleted: the update is conditional and nothing is published;
 * so is a report older than the state stored (repositories/connections.ts, setSessionState).
 */
import type { ConnectionStatus } from '../../../shared/connections';
import { publishToCompany } from '../realtime/publisher';
import { setSessionState } from '../repositories/connections';
import { presentConnection } from './present-connection';

export interface SessionStatusReport {
  readonly status: ConnectionStatus;
  /** The code to show; cleared for every status but `qrcode`. */
  readonly qrcode?: string;
  /** The code for linking by phone number; like the QR code, cleared for every status but `qrcode`. */
  readonly pairingCode?: string;
  readonly retries?: number;
}

export async function reportSessionStatus(companyId: string, whatsappId: string, report: SessionStatusReport, now = new Date()): Promise<void> {
  const saved = await setSessionState(companyId, whatsappId, {
    status: report.status,
    qrcode: report.status === 'qrcode' ? (report.qrcode ?? '') : '',
    pairingCode: report.status === 'qrcode' ? (report.pairingCode ?? '') : '',
    retries: report.retries ?? 0,
    updatedAt: now.toISOString(),
  });
  if (!saved?.applied) return;
  const dto = await presentConnection(saved.connection);
  await publishToCompany(companyId, 'company', 'whatsappSession', { action: 'update', session: dto });
  await publishToCompany(companyId, 'company', 'whatsapp', { action: 'update', whatsapp: dto });
}
