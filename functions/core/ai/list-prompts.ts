/**
 * GET /prompt (spec 3 §7: `prompts`) with the company's AI usage this month against its plan's cap, and
 * GET /prompt/{id}. Never with the API keys.
 */
import { PROMPT_DELETED_MESSAGE, type Prompt, type PromptDeleted, type PromptList } from '../../../shared/prompts';
import type { Caller } from '../caller/load-caller';
import { AppError } from '../errors';
import { aiTokensUsed, deletePrompt, getPrompt, listPrompts } from '../repositories/prompts';
import { usageMonth } from './ai-usage';
import { presentPrompt, presentPrompts, publishPromptDeleted } from './present-prompt';

export async function listCompanyPrompts(caller: Caller, now = new Date()): Promise<PromptList> {
  const month = usageMonth(now);
  const [prompts, tokens] = await Promise.all([listPrompts(caller.companyId), aiTokensUsed(caller.companyId, month)]);
  return { prompts: await presentPrompts(caller.companyId, prompts), usage: { month, tokens, limit: caller.plan.aiTokensPerMonth } };
}

export async function showPrompt(caller: Caller, promptId: string): Promise<Prompt> {
  const prompt = await getPrompt(caller.companyId, promptId);
  if (!prompt) throw new AppError('ERR_NO_PROMPT_FOUND');
  return presentPrompt(prompt);
}

/**
 * DELETE /prompt/{id}: answers the message the page shows (spec 3 §7). Queues and connections that
 * named it keep the id, which then names nothing: the AI no longer answers there.
 */
export async function removePrompt(caller: Caller, promptId: string): Promise<PromptDeleted> {
  if (!(await deletePrompt(caller.companyId, promptId))) throw new AppError('ERR_NO_PROMPT_FOUND');
  await publishPromptDeleted(caller.companyId, promptId);
  return { message: PROMPT_DELETED_MESSAGE };
}
