/**
 * WhatsApp message ids seen on a connection (keys.whatsappMessage): the inbound pipeline's idempotency
 * claim and the map from a WhatsApp id to our message id. Kept 30 days (TTL): long enough for late acks,
 * edits and replies, short enough not to pile up.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { table } from './table';
import type { TransactItem } from './transaction';

const TTL_SECONDS = 30 * 24 * 60 * 60;

export interface WhatsappMessageRef {
  /** The ULID the message is (or will be) stored under: the same on every redelivery. */
  readonly messageUlid: string;
  /** Our message, once stored. */
  readonly messageId: string | null;
}

/**
 * Claims a WhatsApp id for an inbound message. `fresh`: this delivery is the first. Otherwise the earlier
 * claim: with `messageId` set the message is stored (a redelivery), without it an earlier attempt
 * stopped half-way and this one carries on under the same ULID.
 */
export async function claimWhatsappMessage(
  companyId: string,
  whatsappId: string,
  whatsappMessageId: string,
  messageUlid: string,
  now: Date,
): Promise<{ fresh: true } | { fresh: false; ref: WhatsappMessageRef }> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...keys.whatsappMessage(companyId, whatsappId, whatsappMessageId),
          entity: 'whatsappMessage',
          messageUlid,
          messageId: null,
          expiresAt: Math.floor(now.getTime() / 1000) + TTL_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return { fresh: true };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const ref = await getWhatsappMessageRef(companyId, whatsappId, whatsappMessageId);
    return { fresh: false, ref: ref ?? { messageUlid, messageId: null } };
  }
}

/** The update that records which message a WhatsApp id is (keeping the ULID claimed for it, if any). */
function refUpdate(companyId: string, whatsappId: string, whatsappMessageId: string, messageId: string, now: Date) {
  return {
    TableName: table(),
    Key: keys.whatsappMessage(companyId, whatsappId, whatsappMessageId),
    UpdateExpression: 'SET messageId = :id, entity = :entity, expiresAt = :ttl, messageUlid = if_not_exists(messageUlid, :ulid)',
    ExpressionAttributeValues: {
      ':id': messageId,
      ':entity': 'whatsappMessage',
      ':ttl': Math.floor(now.getTime() / 1000) + TTL_SECONDS,
      ':ulid': messageId.slice(messageId.lastIndexOf('.') + 1),
    },
  };
}

/**
 * Records which message a WhatsApp id is (inbound once stored; outgoing once sent). Answers the ack that
 * arrived before the id was known (see holdEarlyAck), if any.
 */
export async function setWhatsappMessageRef(companyId: string, whatsappId: string, whatsappMessageId: string, messageId: string, now: Date): Promise<number | undefined> {
  const { Attributes } = await dynamo().send(
    new UpdateCommand({ ...refUpdate(companyId, whatsappId, whatsappMessageId, messageId, now), ReturnValues: 'ALL_NEW' }),
  );
  return typeof Attributes?.earlyAck === 'number' ? Attributes.earlyAck : undefined;
}

/** setWhatsappMessageRef as an action of a transaction: an inbound message records its id as it is stored. */
export function whatsappMessageRefAction(companyId: string, whatsappId: string, whatsappMessageId: string, messageId: string, now: Date): TransactItem {
  return { Update: refUpdate(companyId, whatsappId, whatsappMessageId, messageId, now) };
}

/**
 * Keeps an ack for a WhatsApp id we do not know yet: the network may report an outgoing message's first
 * acks before the host's `sent` event is handled. The highest such ack is applied when it is.
 */
export async function holdEarlyAck(companyId: string, whatsappId: string, whatsappMessageId: string, ack: number, now: Date): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.whatsappMessage(companyId, whatsappId, whatsappMessageId),
      UpdateExpression: 'SET earlyAck = :ack, entity = :entity, expiresAt = :ttl',
      ConditionExpression: 'attribute_not_exists(earlyAck) OR earlyAck < :ack',
      ExpressionAttributeValues: { ':ack': ack, ':entity': 'whatsappMessage', ':ttl': Math.floor(now.getTime() / 1000) + TTL_SECONDS },
    }),
  ).catch((error: unknown) => {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  });
}

export async function getWhatsappMessageRef(companyId: string, whatsappId: string, whatsappMessageId: string): Promise<WhatsappMessageRef | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.whatsappMessage(companyId, whatsappId, whatsappMessageId), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  return { messageUlid: String(Item.messageUlid), messageId: typeof Item.messageId === 'string' ? Item.messageId : null };
}
