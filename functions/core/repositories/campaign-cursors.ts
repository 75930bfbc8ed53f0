/**
 * The send cursor of one connection (keys.campaignCursor; the protocol is campaigns/send-hop.ts): one
 * item per connection that has ever sent a campaign. `token` names the one hop message that may act;
 * `holdBy`/`holdAt` say which invocation is acting now (a duplicate delivery finds it held); `work`
 * records what the acting hop took on, so a hop cut off midway is finished by the next one with the
 * same message ids. Every change is conditional on the token (and the hold) its caller holds.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { table } from './table';

/** What a hop took on: recipients [from, to) of one campaign, sent with ids derived from `at`. */
export interface CursorWork {
  readonly campaignId: string;
  readonly from: number;
  readonly to: number;
  readonly at: string;
}

export interface SendCursor {
  readonly companyId: string;
  readonly whatsappId: string;
  /** The live hop message's token; null when the cursor rests (no campaign running on the connection). */
  readonly token: string | null;
  /** Running campaigns on the connection, in the order they started. */
  readonly campaignIds: readonly string[];
  readonly work: CursorWork | null;
  /** Messages sent since the last longer pause. */
  readonly sinceLonger: number;
  /** The company day of `sentToday`. */
  readonly day: string | null;
  readonly sentToday: number;
}

function cursorFromItem(item: Record<string, unknown>): SendCursor {
  const work = item.work as Record<string, unknown> | undefined | null;
  return {
    companyId: String(item.companyId),
    whatsappId: String(item.whatsappId),
    token: typeof item.token === 'string' ? item.token : null,
    campaignIds: Array.isArray(item.campaignIds) ? [...new Set(item.campaignIds.map(String))] : [],
    work:
      work && typeof work === 'object'
        ? { campaignId: String(work.campaignId), from: Number(work.from), to: Number(work.to), at: String(work.at) }
        : null,
    sinceLonger: typeof item.sinceLonger === 'number' ? item.sinceLonger : 0,
    day: typeof item.day === 'string' ? item.day : null,
    sentToday: typeof item.sentToday === 'number' ? item.sentToday : 0,
  };
}

export async function getSendCursor(companyId: string, whatsappId: string): Promise<SendCursor | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.campaignCursor(companyId, whatsappId), ConsistentRead: true }));
  return Item ? cursorFromItem(Item) : undefined;
}

/**
 * Gives the cursor a new token (any earlier hop message becomes stale) and more running campaigns (a
 * campaign already there is kept once: cursorFromItem reads the list without repeats); creates the
 * cursor the first time. The hold and the work are kept: a hop acting
 * now finishes its recipients, and its successor message is the stale one.
 */
export async function rekeySendCursor(companyId: string, whatsappId: string, token: string, campaignIds: readonly string[], now: Date): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.campaignCursor(companyId, whatsappId),
      UpdateExpression:
        'SET entity = :entity, companyId = :companyId, whatsappId = :whatsappId, #token = :token, updatedAt = :now, ' +
        'campaignIds = list_append(if_not_exists(campaignIds, :none), :added)',
      ExpressionAttributeNames: { '#token': 'token' },
      ExpressionAttributeValues: {
        ':entity': 'campaignCursor',
        ':companyId': companyId,
        ':whatsappId': whatsappId,
        ':token': token,
        ':now': now.toISOString(),
        ':none': [],
        ':added': campaignIds,
      },
    }),
  );
}

export type HoldOutcome = { readonly kind: 'held'; readonly cursor: SendCursor } | { readonly kind: 'stale' } | { readonly kind: 'busy' };

/**
 * Takes the hold for the hop message with `token`: `stale` when the cursor has another token (a
 * duplicate or superseded message), `busy` when another invocation holds it since `staleBefore` or later.
 */
export async function holdSendCursor(companyId: string, whatsappId: string, token: string, holder: string, now: Date, staleBefore: Date): Promise<HoldOutcome> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.campaignCursor(companyId, whatsappId),
        UpdateExpression: 'SET holdBy = :holder, holdAt = :now',
        ConditionExpression: '#token = :token AND (attribute_not_exists(holdAt) OR holdAt < :staleBefore)',
        ExpressionAttributeNames: { '#token': 'token' },
        ExpressionAttributeValues: { ':holder': holder, ':now': now.toISOString(), ':token': token, ':staleBefore': staleBefore.toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? { kind: 'held', cursor: cursorFromItem(Attributes) } : { kind: 'stale' };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const cursor = await getSendCursor(companyId, whatsappId);
    return cursor?.token === token ? { kind: 'busy' } : { kind: 'stale' };
  }
}

/** Records what the holding hop takes on (before it sends anything); false when it no longer holds the cursor. */
export async function recordCursorWork(companyId: string, whatsappId: string, holder: string, work: CursorWork): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.campaignCursor(companyId, whatsappId),
        UpdateExpression: 'SET #work = :work',
        ConditionExpression: 'holdBy = :holder',
        ExpressionAttributeNames: { '#work': 'work' },
        ExpressionAttributeValues: { ':work': work, ':holder': holder },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export interface HopEnd {
  /** The next hop message's token; null: the cursor rests. */
  readonly token: string | null;
  readonly campaignIds: readonly string[];
  readonly sinceLonger: number;
  readonly day: string | null;
  readonly sentToday: number;
}

/**
 * Ends the hop that holds the cursor under `token`: the next token, the pacing counters, the running
 * campaigns; the hold and the work cleared. False when the cursor was re-keyed meanwhile (a start or a
 * restart): then only the hold is given back, and the message the hop enqueued is stale.
 */
export async function endCursorHop(companyId: string, whatsappId: string, token: string, holder: string, end: HopEnd, now: Date): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.campaignCursor(companyId, whatsappId),
        UpdateExpression:
          'SET #token = :next, campaignIds = :campaignIds, sinceLonger = :sinceLonger, #day = :day, sentToday = :sentToday, updatedAt = :now ' +
          'REMOVE holdBy, holdAt, #work',
        ConditionExpression: '#token = :token AND holdBy = :holder',
        ExpressionAttributeNames: { '#token': 'token', '#day': 'day', '#work': 'work' },
        ExpressionAttributeValues: {
          ':next': end.token,
          ':campaignIds': end.campaignIds,
          ':sinceLonger': end.sinceLonger,
          ':day': end.day,
          ':sentToday': end.sentToday,
          ':now': now.toISOString(),
          ':token': token,
          ':holder': holder,
        },
      }),
    );
    return true;
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    await releaseSendCursor(companyId, whatsappId, holder, true);
    return false;
  }
}

/**
 * Gives the hold back (a hop that failed, or one superseded by a re-key), so the next delivery acts at
 * once rather than after the hold goes stale. `finished`: its work is done and is cleared as well.
 */
export async function releaseSendCursor(companyId: string, whatsappId: string, holder: string, finished = false): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.campaignCursor(companyId, whatsappId),
        UpdateExpression: finished ? 'REMOVE holdBy, holdAt, #work' : 'REMOVE holdBy, holdAt',
        ConditionExpression: 'holdBy = :holder',
        ...(finished ? { ExpressionAttributeNames: { '#work': 'work' } } : {}),
        ExpressionAttributeValues: { ':holder': holder },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
