/**
 * The simulated phone network's state (the simulator provider, functions/sessions/providers/simulator):
 * one partition per connection holding the paired phone, a scanned QR code, what simulated contacts did
 * (kept until the session confirms it has it on the wa-events queue), and what the session sent to
 * them. The `simulate` command (scripts/simulate.ts) writes the inbound side and reads the outbound
 * side; the session host does the reverse. Items of what was sent expire after a week.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { z } from 'zod';
import { MEDIA_TYPES } from '../../../shared/messages';
import { dynamo } from '../../core/aws/clients';
import { keys } from '../../core/repositories/keys';
import { batchWriteAll, prefixQueryInput, queryPrefix, table } from '../../core/repositories/table';

const OUTBOUND_TTL_SECONDS = 7 * 24 * 60 * 60;
/** Inline media of a simulated message stays well under DynamoDB's 400 KB item limit. */
export const SIMULATED_MEDIA_MAX_BYTES = 256 * 1024;

const digits = z.string().regex(/^\d{8,20}$/, 'A phone number: 8 to 20 digits');
const waId = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/);

/** What a simulated contact does; validated when written by the command and again when read by the host. */
export const SimulatedInbound = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('message'),
    from: digits,
    name: z.string().max(100),
    whatsappMessageId: waId,
    mediaType: z.enum(MEDIA_TYPES),
    body: z.string().max(4096),
    media: z
      .object({ fileName: z.string().min(1).max(255), mimeType: z.string().min(1).max(255), dataBase64: z.string().max(Math.ceil((SIMULATED_MEDIA_MAX_BYTES * 4) / 3) + 4) })
      .optional(),
    quotedWhatsappMessageId: waId.optional(),
    /** Written in a group (id: digits and '-') rather than to the connection directly. */
    group: z.object({ id: z.string().regex(/^[\d-]{8,40}$/), name: z.string().max(100) }).optional(),
  }),
  z.object({ kind: z.literal('edit'), from: digits, whatsappMessageId: waId, body: z.string().min(1).max(4096) }),
  z.object({ kind: z.literal('revoke'), from: digits, whatsappMessageId: waId }),
  z.object({ kind: z.literal('call'), from: digits, callId: waId, isVideo: z.boolean() }),
  /** The contact's phone read messages the session sent (ack 4). */
  z.object({ kind: z.literal('read'), from: digits, whatsappMessageIds: z.array(waId).min(1).max(100) }),
]);
export type SimulatedInbound = z.output<typeof SimulatedInbound>;

export interface SimulatedOutbound {
  readonly whatsappMessageId: string;
  /** The number or group id written to. */
  readonly to: string;
  readonly body: string;
  readonly mediaType: string;
  readonly fileName: string | null;
  readonly quotedWhatsappMessageId: string | null;
  /** As shared/messages.ts numbers acks: 2 taken by the server, 3 delivered, 4 read. */
  readonly ack: number;
  readonly deleted: boolean;
  /** Inbound messages this session marked as read (read receipts), when the item is a receipt. */
  readonly readReceiptsFor: readonly string[];
  readonly sentAt: string;
}

export async function getSimulatedPhone(companyId: string, whatsappId: string): Promise<string | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.simulatorPhone(companyId, whatsappId), ConsistentRead: true }));
  return typeof Item?.number === 'string' ? Item.number : undefined;
}

export async function putSimulatedPhone(companyId: string, whatsappId: string, number: string): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: table(), Item: { ...keys.simulatorPhone(companyId, whatsappId), entity: 'simulatorPhone', number } }));
}

/** Forgets the pairing and any pending scan (a new QR code is wanted, a logout, a deleted connection). */
export async function clearSimulatedPairing(companyId: string, whatsappId: string): Promise<void> {
  await batchWriteAll([
    { DeleteRequest: { Key: keys.simulatorPhone(companyId, whatsappId) } },
    { DeleteRequest: { Key: keys.simulatorScan(companyId, whatsappId) } },
  ]);
}

export async function putSimulatedScan(companyId: string, whatsappId: string, qrcode: string, number: string): Promise<void> {
  await dynamo().send(
    new PutCommand({ TableName: table(), Item: { ...keys.simulatorScan(companyId, whatsappId), entity: 'simulatorScan', qrcode, number } }),
  );
}

/**
 * The phone of the number a pairing code was asked for enters `pairingCode` (WhatsApp's "Link with phone
 * number instead"); the session pairs when it is the code it offered. Kept in the scan item: a phone
 * does one or the other, and the session takes whichever came.
 */
export async function putSimulatedPairingCodeEntry(companyId: string, whatsappId: string, pairingCode: string): Promise<void> {
  await dynamo().send(
    new PutCommand({ TableName: table(), Item: { ...keys.simulatorScan(companyId, whatsappId), entity: 'simulatorScan', pairingCode } }),
  );
}

/** What the phone did: scanned a QR code with a number, or entered a pairing code. */
export type SimulatedScan = { readonly qrcode: string; readonly number: string } | { readonly pairingCode: string };

/** Takes the pending scan or code entry, if any: read and delete in one step so it is seen once. */
export async function takeSimulatedScan(companyId: string, whatsappId: string): Promise<SimulatedScan | undefined> {
  const { Attributes } = await dynamo().send(
    new DeleteCommand({ TableName: table(), Key: keys.simulatorScan(companyId, whatsappId), ReturnValues: 'ALL_OLD' }),
  );
  if (typeof Attributes?.pairingCode === 'string') return { pairingCode: Attributes.pairingCode };
  if (typeof Attributes?.qrcode !== 'string' || typeof Attributes.number !== 'string') return undefined;
  return { qrcode: Attributes.qrcode, number: Attributes.number };
}

export async function putSimulatedInbound(companyId: string, whatsappId: string, eventUlid: string, event: SimulatedInbound): Promise<void> {
  const valid = SimulatedInbound.parse(event);
  await dynamo().send(
    new PutCommand({
      TableName: table(),
      Item: { ...keys.simulatorInbound(companyId, whatsappId, eventUlid), entity: 'simulatorInbound', event: valid },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

/** An inbound event waiting at the network, with the sort key that confirms it (ackSimulatedInbound). */
export interface WaitingSimulatedInbound {
  readonly sortKey: string;
  readonly event: SimulatedInbound;
}

/**
 * The oldest waiting inbound events, at most `limit`, left where they are: like a phone that has not
 * heard back from the server, the network keeps each until the session confirms it
 * (ackSimulatedInbound), which the session does once its event is on the wa-events queue. A host that
 * dies before that leaves the event here for the next one to deliver again (the inbound worker's claim of
 * the WhatsApp id stores it once). Items that fail validation can never be delivered: they are deleted
 * and reported through `onInvalid`.
 */
export async function readSimulatedInbound(
  companyId: string,
  whatsappId: string,
  onInvalid: (sortKey: string, error: unknown) => void,
  limit = 50,
): Promise<WaitingSimulatedInbound[]> {
  const { Items = [] } = await dynamo().send(
    new QueryCommand(prefixQueryInput(keys.simulatorInboundPrefix(companyId, whatsappId), { ConsistentRead: true, Limit: limit })),
  );
  const waiting: WaitingSimulatedInbound[] = [];
  for (const item of Items) {
    const sortKey = String(item.SK);
    const parsed = SimulatedInbound.safeParse(item.event);
    if (parsed.success) {
      waiting.push({ sortKey, event: parsed.data });
      continue;
    }
    onInvalid(sortKey, parsed.error);
    await ackSimulatedInbound(companyId, whatsappId, sortKey);
  }
  return waiting;
}

/** The session confirms a waiting inbound event: the network forgets it (again: a no-op). */
export async function ackSimulatedInbound(companyId: string, whatsappId: string, sortKey: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: table(), Key: { PK: keys.simulatorInboundPrefix(companyId, whatsappId).PK, SK: sortKey } }));
}

export async function recordSimulatedOutbound(companyId: string, whatsappId: string, record: SimulatedOutbound): Promise<void> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...keys.simulatorOutbound(companyId, whatsappId, record.whatsappMessageId),
          entity: 'simulatorOutbound',
          ...record,
          expiresAt: Math.floor(Date.parse(record.sentAt) / 1000) + OUTBOUND_TTL_SECONDS,
        },
        // Like the network, one message per id: a message sent again under its id (a campaign's, after
        // a crash) is the one the phone already has.
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** Moves a sent message's ack forward (never back); answers false when there is no such message. */
export async function advanceSimulatedAck(companyId: string, whatsappId: string, whatsappMessageId: string, ack: number): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.simulatorOutbound(companyId, whatsappId, whatsappMessageId),
        UpdateExpression: 'SET ack = :ack',
        ConditionExpression: 'attribute_exists(PK) AND ack < :ack',
        ExpressionAttributeValues: { ':ack': ack },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export async function markSimulatedOutboundDeleted(companyId: string, whatsappId: string, whatsappMessageId: string): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.simulatorOutbound(companyId, whatsappId, whatsappMessageId),
        UpdateExpression: 'SET deleted = :yes',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':yes': true },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** What the session sent, oldest first (ids are time-ordered ULIDs). */
export async function listSimulatedOutbound(companyId: string, whatsappId: string): Promise<SimulatedOutbound[]> {
  const items = await queryPrefix(keys.simulatorOutboundPrefix(companyId, whatsappId), { ConsistentRead: true });
  return items.map((item) => ({
    whatsappMessageId: String(item.whatsappMessageId),
    to: String(item.to),
    body: typeof item.body === 'string' ? item.body : '',
    mediaType: typeof item.mediaType === 'string' ? item.mediaType : 'chat',
    fileName: typeof item.fileName === 'string' ? item.fileName : null,
    quotedWhatsappMessageId: typeof item.quotedWhatsappMessageId === 'string' ? item.quotedWhatsappMessageId : null,
    ack: Number(item.ack ?? 1),
    deleted: item.deleted === true,
    readReceiptsFor: Array.isArray(item.readReceiptsFor) ? item.readReceiptsFor.map(String) : [],
    sentAt: String(item.sentAt),
  }));
}
