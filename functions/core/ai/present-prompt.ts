/**
 * Prompts as the API and the `prompt` events answer them (shared/prompts.ts): without the API key (only
 * whether one is set), with their queue's name and colour read now.
 */
import type { Prompt } from '../../../shared/prompts';
import { publishToCompany } from '../realtime/publisher';
import type { StoredPrompt } from '../repositories/prompts';
import { getQueueSummaries } from '../repositories/queues';

export async function presentPrompts(companyId: string, prompts: readonly StoredPrompt[]): Promise<Prompt[]> {
  const queues = new Map((await getQueueSummaries(companyId, [...new Set(prompts.map((prompt) => prompt.queueId))])).map((queue) => [queue.id, queue]));
  return prompts.map((prompt) => {
    const queue = queues.get(prompt.queueId);
    return {
      id: prompt.id,
      name: prompt.name,
      prompt: prompt.prompt,
      model: prompt.model,
      maxTokens: prompt.maxTokens,
      temperature: prompt.temperature,
      maxMessages: prompt.maxMessages,
      queueId: prompt.queueId,
      queue: queue ? { id: queue.id, name: queue.name, color: queue.color } : null,
      hasApiKey: prompt.apiKey !== '',
      baseUrl: prompt.baseUrl,
      companyId: prompt.companyId,
      createdAt: prompt.createdAt,
      updatedAt: prompt.updatedAt,
    };
  });
}

export async function presentPrompt(prompt: StoredPrompt): Promise<Prompt> {
  const [presented] = await presentPrompts(prompt.companyId, [prompt]);
  if (!presented) throw new Error(`Prompt ${prompt.id} was not presented`);
  return presented;
}

export async function publishPrompt(companyId: string, action: 'create' | 'update', record: Prompt): Promise<void> {
  await publishToCompany(companyId, 'company', 'prompt', { action, record });
}

export async function publishPromptDeleted(companyId: string, id: string): Promise<void> {
  await publishToCompany(companyId, 'company', 'prompt', { action: 'delete', id });
}
