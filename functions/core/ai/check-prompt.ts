/**
 * A queue or a connection names a prompt of its own company only: an id of no prompt of the company
 * (another company's included) is ERR_NO_PROMPT_FOUND, and nothing is saved.
 */
import { AppError } from '../errors';
import { getPrompt } from '../repositories/prompts';

export async function checkPromptOf(companyId: string, promptId: string | null | undefined): Promise<void> {
  if (promptId && !(await getPrompt(companyId, promptId))) throw new AppError('ERR_NO_PROMPT_FOUND');
}
