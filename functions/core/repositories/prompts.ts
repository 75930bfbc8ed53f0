/**
 * AI prompts: one item per prompt in the company partition (`PROMPT#<ulid>`), with its API key, which
 * only the AI's call reads (core/ai/): the presenters leave it out. A company has a handful, read with
 * one key-condition Query. Beside them, the company's AI token counter per month, moved by ADD.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PromptModel } from '../../../shared/prompts';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { fromItem, queryPrefix, table } from './table';

export interface StoredPrompt {
  readonly id: string;
  readonly companyId: string;
  readonly name: string;
  readonly prompt: string;
  readonly model: PromptModel;
  readonly maxTokens: number;
  readonly temperature: number;
  readonly maxMessages: number;
  readonly queueId: string;
  /** Secret: never answered, logged or published. */
  readonly apiKey: string;
  /** The OpenAI-compatible server's root; '' for the deployment's. */
  readonly baseUrl: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

const promptItem = (prompt: StoredPrompt) => ({ ...keys.prompt(prompt.companyId, prompt.id), entity: 'prompt', ...prompt });

export async function putNewPrompt(prompt: StoredPrompt): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: table(), Item: promptItem(prompt), ConditionExpression: 'attribute_not_exists(PK)' }));
}

export async function getPrompt(companyId: string, promptId: string): Promise<StoredPrompt | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.prompt(companyId, promptId) }));
  return Item ? fromItem<StoredPrompt>(Item) : undefined;
}

/** Every prompt of the company, by name. */
export async function listPrompts(companyId: string): Promise<StoredPrompt[]> {
  const prompts = (await queryPrefix(keys.promptPrefix(companyId))).map((item) => fromItem<StoredPrompt>(item));
  return prompts.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR', { sensitivity: 'base' }) || a.id.localeCompare(b.id));
}

/** Writes the prompt over the stored one while it exists; false when it is gone. */
export async function replacePrompt(prompt: StoredPrompt): Promise<boolean> {
  try {
    await dynamo().send(new PutCommand({ TableName: table(), Item: promptItem(prompt), ConditionExpression: 'attribute_exists(PK)' }));
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Deletes the prompt; false when there was none. */
export async function deletePrompt(companyId: string, promptId: string): Promise<boolean> {
  const { Attributes } = await dynamo().send(new DeleteCommand({ TableName: table(), Key: keys.prompt(companyId, promptId), ReturnValues: 'ALL_OLD' }));
  return Attributes !== undefined;
}

/** The tokens the company's prompts used in the month ('YYYY-MM'). */
export async function aiTokensUsed(companyId: string, month: string): Promise<number> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.aiUsage(companyId, month) }));
  return typeof Item?.tokens === 'number' ? Item.tokens : 0;
}

/** Adds tokens to the month's count (a counter: concurrent answers add up, none is lost). */
export async function addAiTokens(companyId: string, month: string, tokens: number): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.aiUsage(companyId, month),
      UpdateExpression: 'SET entity = :entity ADD tokens :tokens',
      ExpressionAttributeValues: { ':entity': 'aiUsage', ':tokens': tokens },
    }),
  );
}
