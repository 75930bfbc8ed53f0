/**
 * The company's AI tokens per calendar month (UTC), against its plan's `aiTokensPerMonth`.
 */
import { addAiTokens } from '../repositories/prompts';

/** The month an instant counts in: 'YYYY-MM' (UTC). */
export const usageMonth = (now: Date): string => now.toISOString().slice(0, 7);

/** Whether a company that used `used` tokens this month may use more under its plan's `cap`. */
export const withinAiCap = (used: number, cap: number): boolean => cap > 0 && used < cap;

export async function countAiTokens(companyId: string, tokens: number, now: Date): Promise<void> {
  if (tokens > 0) await addAiTokens(companyId, usageMonth(now), tokens);
}
