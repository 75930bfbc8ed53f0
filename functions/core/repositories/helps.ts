/** Help videos: platform data, one small partition read with one key-condition Query. */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Help } from '../../../shared/helps';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { fromItem, table } from './table';

export const helpItem = (help: Help) => ({ ...keys.help(help.id), entity: 'help', ...help });

/** Every help video, oldest first (ids are time-sortable). */
export async function listHelps(): Promise<Help[]> {
  const { PK, SKPrefix } = keys.helpPrefix();
  const helps: Help[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
        ExpressionAttributeValues: { ':pk': PK, ':sk': SKPrefix },
        ExclusiveStartKey: cursor,
      }),
    );
    for (const item of page.Items ?? []) helps.push(fromItem<Help>(item));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return helps;
}

export async function putNewHelp(help: Help): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: table(), Item: helpItem(help), ConditionExpression: 'attribute_not_exists(PK)' }));
}

/** Applies the changes and answers the help; undefined when there is no such help. */
export async function updateHelp(
  helpId: string,
  changes: Partial<Pick<Help, 'title' | 'video' | 'description'>>,
  now = new Date(),
): Promise<Help | undefined> {
  const entries = Object.entries({ ...changes, updatedAt: now.toISOString() }).filter(([, value]) => value !== undefined);
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.help(helpId),
        UpdateExpression: `SET ${entries.map((_, index) => `#f${index} = :f${index}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: Object.fromEntries(entries.map(([name], index) => [`#f${index}`, name])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], index) => [`:f${index}`, value])),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? fromItem<Help>(Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/** Deletes a help; false when there was none. */
export async function deleteHelp(helpId: string): Promise<boolean> {
  try {
    await dynamo().send(new DeleteCommand({ TableName: table(), Key: keys.help(helpId), ConditionExpression: 'attribute_exists(PK)' }));
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
