/**
 * Users of a company, and the platform-wide items that find them: the identity item (Cognito `sub` ->
 * user and company) and the unique-email item. The user item also holds the user's sign-in state: the
 * one active sign-in and the time of the last sign-out (see caller/load-caller.ts).
 *
 * The active sign-in is stored under the attribute name `activeSession`, from before sign-ins had their
 * own word (docs/architecture.md §2): items written since keep reading, and no migration is needed.
 * `userOf` and `userItem` map it to and from `User.activeSignIn`; every read of a user item goes
 * through `userOf`.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Profile } from '../../../shared/sign-in';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { batchGetAll, fromItem, queryPrefix, setFields, table } from './table';

export interface User {
  readonly id: string;
  readonly companyId: string;
  readonly cognitoSub: string;
  readonly name: string;
  readonly email: string;
  readonly profile: Profile;
  readonly super: boolean;
  readonly allTicket: 'enabled' | 'desabled';
  readonly whatsappId: string | null;
  readonly queueIds: readonly string[];
  readonly online: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** The sign-in whose tokens are accepted; tokens of older sign-ins are refused. */
  readonly activeSignIn?: ActiveSignIn;
  /** Epoch seconds of the last sign-out: tokens of sign-ins up to then are refused. */
  readonly signedOutAt?: number;
}

/** A sign-in, as the access token's claims name it (both are kept across token refreshes). */
export interface ActiveSignIn {
  readonly originJti: string;
  /** Epoch seconds. */
  readonly authTime: number;
}

export interface Identity {
  readonly sub: string;
  readonly userId: string;
  readonly companyId: string;
}

/** The user's item; the active sign-in goes under its stored name, `activeSession` (see the file's comment). */
export const userItem = (user: User) => {
  const { activeSignIn, ...fields } = user;
  return { ...keys.user(user.companyId, user.id), entity: 'user', ...fields, ...(activeSignIn ? { activeSession: activeSignIn } : {}) };
};

/** A stored user item as a User, its `activeSession` as `activeSignIn` (see the file's comment). */
export function userOf(item: Record<string, unknown>): User {
  const { activeSession, ...user } = fromItem<User & { readonly activeSession?: ActiveSignIn }>(item);
  return activeSession ? { ...user, activeSignIn: activeSession } : user;
}

export const identityItem = (identity: Identity) => ({ ...keys.identity(identity.sub), entity: 'identity', ...identity });

export const uniqueEmailItem = (email: string, identity: Identity) => ({
  ...keys.uniqueEmail(email),
  entity: 'uniqueEmail',
  ...identity,
});

export async function getIdentity(sub: string): Promise<Identity | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.identity(sub) }));
  return Item ? fromItem<Identity>(Item) : undefined;
}

/** One user of the company; strongly consistent when a decision about access rests on it. */
export async function getUser(companyId: string, userId: string, consistent = false): Promise<User | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.user(companyId, userId), ...(consistent ? { ConsistentRead: true } : {}) }),
  );
  return Item ? userOf(Item) : undefined;
}

/**
 * The names of the company's users among `userIds` (one BatchGet of their items, only `id` and `name`);
 * an id that is no user of the company is left out. `consistent` when the answer decides who may join something.
 */
export async function userNames(companyId: string, userIds: Iterable<string>, consistent = false): Promise<Map<string, string>> {
  const distinct = [...new Set(userIds)];
  if (distinct.length === 0) return new Map();
  const items = await batchGetAll(
    distinct.map((id) => keys.user(companyId, id)),
    { projection: 'id, #name', names: { '#name': 'name' }, consistent },
  );
  return new Map(items.map((item) => [String(item.id), String(item.name)]));
}

/** Who owns an email, read strongly consistent from the uniqueness item (never from an index). */
export async function findIdentityByEmail(email: string): Promise<Identity | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.uniqueEmail(email), ConsistentRead: true }),
  );
  return Item ? fromItem<Identity>(Item) : undefined;
}

/**
 * Every user of a company: one key-condition Query of the company partition, read page by page. The
 * plan bounds how many there are, so the callers page and search in memory.
 */
export async function listUsers(companyId: string): Promise<User[]> {
  return (await queryPrefix(keys.userPrefix(companyId))).map(userOf);
}

/**
 * Makes `signIn` the user's active sign-in if it is a later sign-in than the stored one (sign-in time
 * first, then origin). Answers false when the stored sign-in is already this one or a later one (another
 * request won the race); the caller reads the user again and decides.
 */
export async function claimActiveSignIn(companyId: string, userId: string, signIn: ActiveSignIn): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.user(companyId, userId),
        UpdateExpression: 'SET activeSession = :session',
        ConditionExpression:
          'attribute_exists(PK) AND (attribute_not_exists(activeSession) OR activeSession.authTime < :authTime OR ' +
          '(activeSession.authTime = :authTime AND activeSession.originJti < :originJti))',
        ExpressionAttributeValues: { ':session': signIn, ':authTime': signIn.authTime, ':originJti': signIn.originJti },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Marks the user offline and refuses, from now on, every token of a sign-in up to `signedOutAt`. */
export async function markSignedOut(companyId: string, userId: string, signedOutAt: number): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.user(companyId, userId),
        UpdateExpression: 'SET #online = :false, signedOutAt = :at',
        // Never moves the mark back (two sign-outs racing), never recreates a deleted user.
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(signedOutAt) OR signedOutAt < :at)',
        ExpressionAttributeNames: { '#online': 'online' },
        ExpressionAttributeValues: { ':false': false, ':at': signedOutAt },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The fields of a user that the user form changes. */
export type UserChanges = Partial<Pick<User, 'name' | 'email' | 'profile' | 'allTicket' | 'whatsappId' | 'queueIds'>>;

/**
 * The transaction action that applies `changes` to a user. It holds only while the user still has the
 * email the caller read, so that the unique-email items moved in the same transaction stay right.
 */
export function updateUserAction(user: User, changes: UserChanges, now: Date): TransactItem {
  const set = setFields({ ...changes, updatedAt: now.toISOString() });
  return {
    Update: {
      TableName: table(),
      Key: keys.user(user.companyId, user.id),
      ...set,
      ConditionExpression: 'attribute_exists(PK) AND email = :expectedEmail',
      ExpressionAttributeValues: { ...set.ExpressionAttributeValues, ':expectedEmail': user.email },
    },
  };
}

/** The transaction action that removes an email's uniqueness item, if it still belongs to the user. */
export function releaseEmailAction(email: string, sub: string): TransactItem {
  return {
    Delete: {
      TableName: table(),
      Key: keys.uniqueEmail(email),
      ConditionExpression: '#sub = :sub',
      ExpressionAttributeNames: { '#sub': 'sub' },
      ExpressionAttributeValues: { ':sub': sub },
    },
  };
}

/** The transaction action that takes an email for the identity; it fails if anybody has it. */
export function claimEmailAction(email: string, identity: Identity): TransactItem {
  return { Put: { TableName: table(), Item: uniqueEmailItem(email, identity), ConditionExpression: 'attribute_not_exists(PK)' } };
}

/**
 * Frees a purged user's login in the table: the identity item (so no token of the user finds its user)
 * and the unique-email item (so the email can sign up again). The email item is removed only while it
 * still names this user. Both deletes are idempotent, so a retried purge succeeds. (Deleting one user
 * does the same in its own transaction: see delete-user.ts.)
 */
export async function removeLoginItems(login: Pick<User, 'id' | 'email' | 'cognitoSub'>): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: table(), Key: keys.identity(login.cognitoSub) }));
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: table(),
        Key: keys.uniqueEmail(login.email),
        ConditionExpression: 'userId = :userId',
        ExpressionAttributeValues: { ':userId': login.id },
      }),
    );
  } catch (error) {
    // Already gone, or the email now belongs to someone else: either way not ours to remove.
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/**
 * Takes a deleted queue out of the `queueIds` of every user of the company, so nobody keeps a queue
 * that no longer exists. The users are in the company partition and bounded by the plan: one Query,
 * filtered to those holding the queue. Each removal is conditional on the list still holding the id at
 * that position, and re-read on a concurrent change.
 */
export async function removeQueueFromUsers(companyId: string, queueId: string, now: Date): Promise<number> {
  const holders = await queryPrefix(keys.userPrefix(companyId), {
    FilterExpression: 'contains(queueIds, :queueId)',
    ProjectionExpression: 'id, queueIds',
    ExpressionAttributeValues: { ':queueId': queueId },
  });
  for (const holder of holders) {
    await removeFromUserQueues(companyId, String(holder.id), queueId, (holder.queueIds ?? []) as readonly string[], now);
  }
  return holders.length;
}

async function removeFromUserQueues(
  companyId: string,
  userId: string,
  queueId: string,
  known: readonly string[],
  now: Date,
): Promise<void> {
  let queueIds = known;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const index = queueIds.indexOf(queueId);
    if (index < 0) return;
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: table(),
          Key: keys.user(companyId, userId),
          UpdateExpression: `REMOVE queueIds[${index}] SET updatedAt = :now`,
          ConditionExpression: `queueIds[${index}] = :queueId`,
          ExpressionAttributeValues: { ':queueId': queueId, ':now': now.toISOString() },
        }),
      );
      // The same id twice in one list would be a bug elsewhere; go round once more to be sure.
      queueIds = queueIds.filter((_, position) => position !== index);
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const { Item } = await dynamo().send(
        new GetCommand({ TableName: table(), Key: keys.user(companyId, userId), ConsistentRead: true, ProjectionExpression: 'queueIds' }),
      );
      if (!Item) return;
      queueIds = (Item.queueIds ?? []) as readonly string[];
    }
  }
  throw new Error(`Could not take queue ${queueId} out of user ${userId}: it kept changing`);
}

export const putNewUserAction = (user: User): TransactItem => ({
  Put: { TableName: table(), Item: userItem(user), ConditionExpression: 'attribute_not_exists(PK)' },
});

export const putNewIdentityAction = (identity: Identity): TransactItem => ({
  Put: { TableName: table(), Item: identityItem(identity), ConditionExpression: 'attribute_not_exists(PK)' },
});

/** Deletes the user; fails when it is gone already. */
export const deleteUserAction = (user: Pick<User, 'companyId' | 'id'>): TransactItem => ({
  Delete: { TableName: table(), Key: keys.user(user.companyId, user.id), ConditionExpression: 'attribute_exists(PK)' },
});

/** Deletes the identity item: no token of the account finds its user any more. */
export const deleteIdentityAction = (sub: string): TransactItem => ({
  Delete: { TableName: table(), Key: keys.identity(sub) },
});

/**
 * Frees an email for a deleted user: removes its uniqueness item, a missing item being nothing to free.
 * Never frees an email that already belongs to somebody else.
 */
export const freeEmailAction = (email: string, sub: string): TransactItem => ({
  Delete: {
    TableName: table(),
    Key: keys.uniqueEmail(email),
    ConditionExpression: 'attribute_not_exists(PK) OR #sub = :sub',
    ExpressionAttributeNames: { '#sub': 'sub' },
    ExpressionAttributeValues: { ':sub': sub },
  },
});
