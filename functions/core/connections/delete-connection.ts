/**
 * Deleting a WhatsApp connection. There must always be a default connection while the company has any
 * (spec 1 §8, ERR_NO_OTHER_WHATSAPP): the default one is deleted only when it is the last; otherwise the
 * admin first makes another connection the default. We refuse rather than promote one silently, so the
 * admin chooses which connection new tickets and users fall back to.
 *
 * Steps: read the connection (another company's id is a missing one); refuse the default while others
 * exist; delete in one transaction the connection, its token lookup item, the company counter's unit
 * and, for the default, the default item (conditioned on the company then having this one connection
 * only, so a connection created meanwhile cannot be left without a default), and a Cloud API
 * connection's id lookup (its webhook route then knows it no more); ask the session host to log the
 * session out and drop its credentials (not for a Cloud API connection, which no host holds); publish
 * `whatsapp` delete.
 */
import { ulid } from 'ulid';
import { AppError } from '../errors';
import { publishToCompany } from '../realtime/publisher';
import { removeConnectionFromCompanyAction } from '../repositories/companies';
import {
  deleteConnectionAction,
  deleteConnectionCompanyAction,
  deleteTokenLookupAction,
  getConnection,
  listConnections,
  releaseDefaultConnectionAction,
} from '../repositories/connections';
import { Steps } from '../repositories/transaction';
import { enqueueSessionCommand } from '../sessions/commands';
import type { Caller } from '../caller/load-caller';

export async function deleteConnection(caller: Caller, whatsappId: string, now = new Date()): Promise<void> {
  const connection = await getConnection(caller.companyId, whatsappId, true);
  if (!connection) throw new AppError('ERR_NO_WAPP_FOUND');
  if (connection.isDefault && (await listConnections(caller.companyId)).some((other) => other.id !== whatsappId)) {
    throw new AppError('ERR_NO_OTHER_WHATSAPP');
  }

  const steps = new Steps();
  steps.add('connection', deleteConnectionAction(caller.companyId, whatsappId));
  steps.add('token', deleteTokenLookupAction(connection.tokenHash));
  if (connection.provider === 'cloud') steps.add('lookup', deleteConnectionCompanyAction(whatsappId));
  steps.add('company', removeConnectionFromCompanyAction(caller.companyId, { last: connection.isDefault }));
  if (connection.isDefault) steps.add('default', releaseDefaultConnectionAction(caller.companyId, whatsappId));

  const failed = await steps.run();
  if (failed.has('connection')) throw new AppError('ERR_NO_WAPP_FOUND');
  if (failed.has('company') && connection.isDefault) throw new AppError('ERR_NO_OTHER_WHATSAPP');
  if (failed.size > 0) throw new Error(`Connection ${whatsappId} deletion failed on ${[...failed].join(', ')}`);

  if (connection.provider !== 'cloud') {
    await enqueueSessionCommand({
      type: 'logout',
      commandId: ulid(),
      companyId: caller.companyId,
      whatsappId,
      issuedAt: now.toISOString(),
      deleted: true,
    }, connection.provider);
  }
  await publishToCompany(caller.companyId, 'company', 'whatsapp', { action: 'delete', whatsappId });
}
