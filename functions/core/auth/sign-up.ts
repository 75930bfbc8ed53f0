/**
 * The public sign-up (POST /companies/cadastro): a new company on a 3-day trial with its admin user.
 *
 * Steps: count the attempt against the source IP's hourly limit (ERR_TOO_MANY_REQUESTS past it); refuse
 * while the platform's user creation is disabled (ERR_USER_CREATION_DISABLED, users/user-creation.ts); check
 * that the plan exists (ERR_VALIDATION on planId, before any account is made); create the company, its
 * default settings, its first queue and its admin through createCompany, all or nothing, with the
 * server's own terms: due date today + 3 days, recurrence MENSAL, active, campaigns setting on
 * (spec 2 §9; docs/architecture.md §7: the client's values for these never reach here); answer the summary.
 * The admin is named after the company and signs in with the sign-up email and password.
 */
import { TRIAL_DAYS, addDays, type CompanySummary, type SignUpBody } from '../../../shared/companies';
import { createCompanyFromForm } from '../companies/create-company';
import { today } from '../../../shared/company-time';
import { consumeRateLimit } from '../http/rate-limit';
import { assertUserCreationAllowed } from '../users/user-creation';

/** Sign-ups allowed per source IP and hour: enough for an office behind one address, too few for a bot. */
export const SIGN_UP_LIMIT = { limit: 10, windowSeconds: 3600 } as const;

export async function signUp(input: SignUpBody, sourceIp: string, now = new Date()): Promise<CompanySummary> {
  await consumeRateLimit({ scope: 'sign-up:ip', subject: sourceIp, ...SIGN_UP_LIMIT, now });
  await assertUserCreationAllowed();
  const trialEnd = addDays(today(now), TRIAL_DAYS);
  return createCompanyFromForm(input, { dueDate: trialEnd, trialExpiration: trialEnd, recurrence: 'MENSAL', status: true, campaignsEnabled: 'true' }, now);
}
