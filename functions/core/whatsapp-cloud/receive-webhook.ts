/**
 * The public webhook of a Cloud API connection (issue 32), `/webhooks/whatsapp-cloud/{id}`, which Meta
 * calls without any session of ours: the connection is found by its id alone (its platform lookup item,
 * repositories/connections.ts findConnectionById), and each call proves itself against that connection.
 *
 * verifyCloudWebhook (GET, Meta's verification handshake): `hub.mode=subscribe` with the connection's
 * verify token (compared in constant time) answers `hub.challenge`; anything else, an unknown connection
 * or one that is not cloud among it, is ERR_NO_PERMISSION (403), logged.
 *
 * receiveCloudWebhook (POST, a delivery): steps
 * 1. the connection, and the body's signature (`X-Hub-Signature-256`, HMAC-SHA256 of the raw body with
 *    the connection's app secret, webhook-signature.ts): an unknown connection and a wrong or missing
 *    signature are the same ERR_INVALID_API_TOKEN (401), logged without the body; nothing is stored;
 * 2. the body read as Meta's envelope; a signed body that is not one is logged and answered 200 with
 *    nothing done (Meta would only send it again and again);
 * 3. its changes turned into WhatsApp events (webhook-mapping.ts); changes for another phone number than
 *    the connection's are left out and logged;
 * 4. each message's file downloaded into the media bucket (cloud-media.ts), then every event put on
 *    wa-events in the order Meta sent them (core/sessions/events.ts), where the inbound worker takes
 *    them as it takes the session host's; answered 200 once they are all there. A failure to queue
 *    answers 500, and Meta delivers again.
 * A delivery Meta repeats changes nothing twice: wa-events drops an event seen within five minutes, the
 * inbound worker's claim of the WhatsApp id a later one, acks only ever rise (a status applied again is
 * a no-op), and the media key is the message's own.
 */
import { z } from 'zod';
import { AppError } from '../errors';
import { logger } from '../logger';
import { sameSecret } from '../same-secret';
import { findConnectionById } from '../repositories/connections';
import { publishWhatsAppEvent } from '../sessions/events';
import { storeCloudMedia } from './cloud-media';
import { CloudWebhookEnvelope, mapCloudWebhook } from './webhook-mapping';
import { isSignedByMeta } from './webhook-signature';

/** The handshake's query, as Meta sends it. */
export const CloudWebhookHandshake = z.object({
  'hub.mode': z.string().max(64).optional(),
  'hub.verify_token': z.string().max(256).optional(),
  // Echoed back as text: only what Meta's challenges are made of.
  'hub.challenge': z.string().regex(/^[\w.~-]{1,256}$/).optional(),
});
export type CloudWebhookHandshake = z.output<typeof CloudWebhookHandshake>;

/** The challenge to answer, when the handshake names this connection's verify token. */
export async function verifyCloudWebhook(whatsappId: string, query: CloudWebhookHandshake): Promise<string> {
  const connection = await findConnectionById(whatsappId);
  const challenge = query['hub.challenge'];
  const valid = connection?.provider === 'cloud' && query['hub.mode'] === 'subscribe' && sameSecret(query['hub.verify_token'], connection.webhookVerifyToken ?? '');
  if (!valid || challenge === undefined) {
    logger.warn('cloud webhook handshake refused', { whatsappId, known: connection?.provider === 'cloud', mode: query['hub.mode'] });
    throw new AppError('ERR_NO_PERMISSION');
  }
  return challenge;
}

export interface CloudWebhookOutcome {
  /** Events put on wa-events. */
  readonly events: number;
}

export async function receiveCloudWebhook(whatsappId: string, signature: string | undefined, body: string, now = new Date()): Promise<CloudWebhookOutcome> {
  const connection = await findConnectionById(whatsappId);
  const cloud = connection?.provider === 'cloud' ? connection : undefined;
  if (!cloud || !isSignedByMeta(body, signature, cloud.cloudAppSecret ?? '')) {
    logger.warn('cloud webhook refused: not signed by the connection\'s app', { whatsappId, known: cloud !== undefined, signed: signature !== undefined, bytes: body.length });
    throw new AppError('ERR_INVALID_API_TOKEN');
  }

  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  const envelope = CloudWebhookEnvelope.safeParse(json);
  if (!envelope.success) {
    logger.warn('cloud webhook ignored: not a WhatsApp Business Account notification', { whatsappId, issues: envelope.error.issues.slice(0, 5).map((issue) => issue.path.join('.')) });
    return { events: 0 };
  }

  const mapped = mapCloudWebhook(envelope.data, { companyId: cloud.companyId, whatsappId: cloud.id, phoneNumberId: cloud.cloudPhoneNumberId ?? '' }, now.getTime());
  if (mapped.foreignNumbers.length > 0) logger.warn('cloud webhook changes for another phone number ignored', { whatsappId, phoneNumberIds: [...new Set(mapped.foreignNumbers)] });
  if (mapped.unreadable > 0) logger.warn('cloud webhook items left out: unreadable', { whatsappId, count: mapped.unreadable });

  // One after the other: the events of a chat reach wa-events in Meta's order, and one file is held at a time.
  for (const item of mapped.items) {
    let event = item.event;
    if (item.media && event.type === 'message') {
      const media = await storeCloudMedia({ companyId: cloud.companyId, whatsappId: cloud.id, accessToken: cloud.cloudAccessToken ?? '' }, event, item.media);
      event = { ...event, media };
    }
    await publishWhatsAppEvent(event);
  }
  logger.info('cloud webhook received', { whatsappId, events: mapped.items.length });
  return { events: mapped.items.length };
}
