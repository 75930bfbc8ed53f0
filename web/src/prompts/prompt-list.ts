/**
 * The prompts page without React: its search (GET /prompt answers the list whole, so it is filtered
 * here) and the month's AI usage as the page shows it against the plan's cap.
 */
import type { AiUsage, Prompt } from '../../../shared/prompts';
import { foldForSearch } from '../../../shared/text';

/** The prompts whose name contains the search, accents and case aside; all of them for an empty search. */
export function filterPrompts(prompts: readonly Prompt[], search: string): readonly Prompt[] {
  const term = foldForSearch(search);
  return term === '' ? prompts : prompts.filter((prompt) => foldForSearch(prompt.name).includes(term));
}

/** The month's usage as the page shows it: the share of the cap used (0 to 1) and whether the cap is reached or near. */
export interface UsageShown {
  readonly share: number;
  /** The cap is reached: the AI hands every ticket to agents until the month ends. */
  readonly reached: boolean;
  /** At USAGE_WARNING_SHARE of the cap or more, not reached: the bar warns. */
  readonly nearing: boolean;
}

export const USAGE_WARNING_SHARE = 0.8;

export function usageShown(usage: Pick<AiUsage, 'tokens' | 'limit'>): UsageShown {
  const reached = usage.tokens >= usage.limit;
  const share = usage.limit <= 0 ? 1 : Math.min(1, usage.tokens / usage.limit);
  return { share, reached, nearing: !reached && share >= USAGE_WARNING_SHARE };
}
