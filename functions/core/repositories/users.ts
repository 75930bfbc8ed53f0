/**
 * Users of a company, and the platform-wide items that find them: the identity item (Cognito `sub` ->
 * user and company) and the unique-email item.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Profile } from '../../../shared/session';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { fromItem, table } from './table';

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
}

export interface Identity {
  readonly sub: string;
  readonly userId: string;
  readonly companyId: string;
}

export const userItem = (user: User) => ({ ...keys.user(user.companyId, user.id), entity: 'user', ...user });

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

export async function getUser(companyId: string, userId: string): Promise<User | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.user(companyId, userId) }));
  return Item ? fromItem<User>(Item) : undefined;
}

/** Who owns an email, read strongly consistent from the uniqueness item (never from an index). */
export async function findIdentityByEmail(email: string): Promise<Identity | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: table(), Key: keys.uniqueEmail(email), ConsistentRead: true }),
  );
  return Item ? fromItem<Identity>(Item) : undefined;
}
