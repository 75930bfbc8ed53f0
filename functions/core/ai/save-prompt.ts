/**
 * POST /prompt and PUT /prompt/{id} (spec 3 §5, §7): a prompt of the caller's company with the spec's
 * fields and defaults. Its queue must be one of the company's (ERR_NO_QUEUE_FOUND). The API key is
 * write-only: a PUT without one keeps the stored key. Published as `prompt` create or update (without
 * the key).
 */
import { ulid } from 'ulid';
import type { CreatePromptBody, Prompt, UpdatePromptBody } from '../../../shared/prompts';
import type { Caller } from '../caller/load-caller';
import { AppError } from '../errors';
import { getPrompt, putNewPrompt, replacePrompt, type StoredPrompt } from '../repositories/prompts';
import { getQueue } from '../repositories/queues';
import { presentPrompt, publishPrompt } from './present-prompt';

async function checkQueue(caller: Caller, queueId: string): Promise<void> {
  if (!(await getQueue(caller.companyId, queueId))) throw new AppError('ERR_NO_QUEUE_FOUND');
}

const formFields = (body: CreatePromptBody | UpdatePromptBody) => ({
  name: body.name,
  prompt: body.prompt,
  model: body.model,
  maxTokens: body.maxTokens,
  temperature: body.temperature,
  maxMessages: body.maxMessages,
  queueId: body.queueId,
  baseUrl: body.baseUrl,
});

export async function createPrompt(caller: Caller, body: CreatePromptBody, now = new Date()): Promise<Prompt> {
  await checkQueue(caller, body.queueId);
  const at = now.toISOString();
  const stored: StoredPrompt = { id: ulid(now.getTime()), companyId: caller.companyId, ...formFields(body), apiKey: body.apiKey, createdAt: at, updatedAt: at };
  await putNewPrompt(stored);
  const prompt = await presentPrompt(stored);
  await publishPrompt(caller.companyId, 'create', prompt);
  return prompt;
}

export async function updatePrompt(caller: Caller, promptId: string, body: UpdatePromptBody, now = new Date()): Promise<Prompt> {
  const current = await getPrompt(caller.companyId, promptId);
  if (!current) throw new AppError('ERR_NO_PROMPT_FOUND');
  await checkQueue(caller, body.queueId);
  const stored: StoredPrompt = { ...current, ...formFields(body), apiKey: body.apiKey || current.apiKey, updatedAt: now.toISOString() };
  if (!(await replacePrompt(stored))) throw new AppError('ERR_NO_PROMPT_FOUND');
  const prompt = await presentPrompt(stored);
  await publishPrompt(caller.companyId, 'update', prompt);
  return prompt;
}
