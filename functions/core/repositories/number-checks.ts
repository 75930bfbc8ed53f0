/**
 * Answers of the session host to number checks (sessions/check-number.ts): what WhatsApp said of a
 * number, kept by the check's id (the refreshContact command's) for the request waiting on it, and
 * removed by TTL within the hour.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { table } from './table';

/** How long an answer is kept: far longer than any request waits. */
const KEPT_SECONDS = 3600;

export interface NumberCheck {
  /** The number has WhatsApp. */
  readonly exists: boolean;
  /** Its profile picture when it has one and the host could fetch it. */
  readonly profilePicUrl: string | null;
}

export async function putNumberCheck(companyId: string, checkId: string, check: NumberCheck, now = new Date()): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...keys.numberCheck(companyId, checkId),
        entity: 'numberCheck',
        exists: check.exists,
        profilePicUrl: check.profilePicUrl,
        checkedAt: now.toISOString(),
        expiresAt: Math.floor(now.getTime() / 1000) + KEPT_SECONDS,
      },
    }),
  );
}

/** The answer to the check, once the host gave it; read strongly, as the request polls for it. */
export async function getNumberCheck(companyId: string, checkId: string): Promise<NumberCheck | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.numberCheck(companyId, checkId), ConsistentRead: true }));
  if (!Item) return undefined;
  return { exists: Item.exists === true, profilePicUrl: typeof Item.profilePicUrl === 'string' ? Item.profilePicUrl : null };
}
