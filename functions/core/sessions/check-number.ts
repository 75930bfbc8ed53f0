/**
 * Whether a number has WhatsApp, asked of a connected session before a contact is saved with it or a
 * ticket is started with it by hand (spec 1 §8: ERR_WAPP_INVALID_CONTACT for a number WhatsApp does not
 * know, ERR_WAPP_CHECK_CONTACT when it could not be asked).
 *
 * The session host, which alone talks to WhatsApp, has no address a request could call: the check goes
 * the way every command goes (a `refreshContact` command on the connection's shard queue, whose id is
 * the check's), the host asks its provider (`checkNumber`) and answers with a `contact` event, and the
 * inbound worker records that answer by the check's id (contacts/contact-refresh.ts recordContactCheck). The
 * request waits for it, reading the answer by key, at most CHECK_WAIT_MS: no answer by then (the provider
 * failed, the host is down or behind) is ERR_WAPP_CHECK_CONTACT, and nothing is saved.
 *
 * Which session: the ticket's connection when starting a ticket; for a contact, the company's default
 * connection, else another of its connected ones; connected meaning CONNECTED and run by a live session
 * host (its shard's lease). Without a connected connection the number cannot be checked, and it is not:
 * a company setting up, or whose phone or host is offline for a while, still keeps its contacts and
 * registers tickets (README, behaviour notes), as it may open tickets without a connection. Groups are
 * not checked (their ids are not phone numbers).
 *
 * A Cloud API connection (issue 32) is never asked: Meta's Cloud API has no number check, and no host
 * holds it. A ticket on one takes its number as given (it is treated as existing): a send to a number
 * without WhatsApp is then refused by Meta (error 131026) and the message is marked failed. A contact's
 * check asks another connected connection of the company, if it has one.
 */
import { ulid } from 'ulid';
import type { Contact } from '../repositories/contacts';
import { getConnection, getDefaultConnectionId, isShardHeld, listConnections, type Connection } from '../repositories/connections';
import { getNumberCheck } from '../repositories/number-checks';
import { AppError } from '../errors';
import { logger } from '../logger';
import { enqueueSessionCommand, shardOf } from '../sessions/commands';

/** How long a request waits for the host's answer: a few hops of queues, well within the routes' timeouts. */
export const CHECK_WAIT_MS = 8000;
const POLL_MS = 100;

export type NumberCheckOutcome =
  /** WhatsApp knows the number; its picture when the host could fetch it. */
  | { readonly checked: true; readonly profilePicUrl: string | null }
  /** No connected session could be asked (or a group): the number is taken as given. */
  | { readonly checked: false };

export interface CheckOptions {
  /** The connection to ask (a ticket's); null: the ticket has none. Absent: the company's (a contact). */
  readonly whatsappId?: string | null;
  readonly waitMs?: number;
  readonly now?: Date;
}

export async function checkNumberOnWhatsApp(contact: Pick<Contact, 'id' | 'companyId' | 'number' | 'isGroup'>, options: CheckOptions = {}): Promise<NumberCheckOutcome> {
  if (contact.isGroup) return { checked: false };
  const connection = await sessionToAsk(contact.companyId, options.whatsappId, options.now ?? new Date());
  if (!connection) return { checked: false };

  const checkId = ulid();
  try {
    await enqueueSessionCommand({
      type: 'refreshContact',
      commandId: checkId,
      companyId: contact.companyId,
      whatsappId: connection.id,
      issuedAt: (options.now ?? new Date()).toISOString(),
      chat: { contactId: contact.id, number: contact.number, isGroup: false },
    }, connection.provider);
  } catch (error) {
    logger.warn('number check not requested', { contactId: contact.id, error });
    throw new AppError('ERR_WAPP_CHECK_CONTACT');
  }

  const deadline = Date.now() + (options.waitMs ?? CHECK_WAIT_MS);
  for (;;) {
    const answer = await getNumberCheck(contact.companyId, checkId);
    if (answer) {
      if (!answer.exists) throw new AppError('ERR_WAPP_INVALID_CONTACT');
      return { checked: true, profilePicUrl: answer.profilePicUrl };
    }
    if (Date.now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  logger.warn('number check not answered in time', { contactId: contact.id, whatsappId: connection.id, checkId });
  throw new AppError('ERR_WAPP_CHECK_CONTACT');
}

/** The connected session to ask, or undefined when there is none (see the file's comment). */
export async function sessionToAsk(companyId: string, whatsappId: string | null | undefined, now: Date): Promise<Connection | undefined> {
  const connected = (connection: Connection | undefined) => (connection?.status === 'CONNECTED' && connection.provider !== 'cloud' ? connection : undefined);
  let found: Connection | undefined;
  if (whatsappId === null) return undefined;
  if (whatsappId !== undefined) found = connected(await getConnection(companyId, whatsappId));
  else {
    // A company with connections has a default one: without it there is none to ask.
    const defaultId = await getDefaultConnectionId(companyId);
    if (!defaultId) return undefined;
    found = connected(await getConnection(companyId, defaultId)) ?? (await listConnections(companyId)).find((connection) => connected(connection) !== undefined);
  }
  // CONNECTED is what the host last reported; a host that stopped since (its shard's lease ran out)
  // cannot answer, and the number is taken as given rather than refused for a host's absence.
  return found && (await isShardHeld(shardOf(found.id), now)) ? found : undefined;
}
