/**
 * The company's AI tokens per calendar month (UTC), against its plan's `aiTokensPerMonth`.
 */
import { addAiTokens, aiTokensUsed } from '../repositories/prompts';

/** The month an instant counts in: 'YYYY-MM' (UTC). */
export const usageMonth = (now: Date): string => now.toISOString().slice(0, 7);

/** Whether the company may still use AI tokens this month. */
export async function withinAiCap(companyId: string, cap: number, now: Date): Promise<boolean> {
  return cap > 0 && (await aiTokensUsed(companyId, usageMonth(now))) < cap;
}

export async function countAiTokens(companyId: string, tokens: number, now: Date): Promise<void> {
  if (tokens > 0) await addAiTokens(companyId, usageMonth(now), tokens);
}
