/**
 * WebSocket tickets: the single-use pass that opens a socket (docs/architecture.md §6). Consuming one is
 * a conditional delete, so two sockets can never share it; an unused one expires by its TTL.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { epochSeconds, table } from './table';

export interface SocketTicketOwner {
  readonly companyId: string;
  readonly userId: string;
  /**
   * When the sign-in the ticket was minted by authenticated (epoch seconds, the token's `auth_time`),
   * so a socket of a session that has since ended is refused; absent when unknown.
   */
  readonly signInAt?: number;
}

export async function putSocketTicket(ticketHash: string, owner: SocketTicketOwner, expiresAt: Date): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: table(),
      Item: { ...keys.socketTicket(owner.companyId, ticketHash), entity: 'socketTicket', ...owner, expiresAt: epochSeconds(expiresAt) },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

/** Deletes the ticket if it exists and has not expired; answers its owner, or undefined. */
export async function consumeSocketTicket(companyId: string, ticketHash: string, now: Date): Promise<SocketTicketOwner | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new DeleteCommand({
        TableName: table(),
        Key: keys.socketTicket(companyId, ticketHash),
        ConditionExpression: 'attribute_exists(PK) AND expiresAt > :now',
        ExpressionAttributeValues: { ':now': epochSeconds(now) },
        ReturnValues: 'ALL_OLD',
      }),
    );
    if (!Attributes) return undefined;
    return {
      companyId: String(Attributes.companyId),
      userId: String(Attributes.userId),
      ...(typeof Attributes.signInAt === 'number' ? { signInAt: Attributes.signInAt } : {}),
    };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}
