/** Help videos: platform data, one small partition read with one key-condition Query. */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Help } from '../../../shared/helps';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { fromItem, queryPrefix, table, updateExistingItem } from './table';

export const helpItem = (help: Help) => ({ ...keys.help(help.id), entity: 'help', ...help });

/** Every help video, oldest first (ids are time-sortable). */
export async function listHelps(): Promise<Help[]> {
  return (await queryPrefix(keys.helpPrefix())).map((item) => fromItem<Help>(item));
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
  const item = await updateExistingItem(keys.help(helpId), { ...changes, updatedAt: now.toISOString() });
  return item ? fromItem<Help>(item) : undefined;
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
