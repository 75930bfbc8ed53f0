/**
 * Turns a verified Cognito identity into the session every tenant route works with.
 *
 * Steps: find the identity item of the token's `sub`; read the user and the company; read the plan;
 * refuse an inactive company, and a company whose due date has passed unless the user is a super user.
 * The tenant (companyId) comes from here only, never from a path, query or body (DESIGN.md §1.2).
 */
import type { Plan } from '../../../shared/plans';
import { AppError } from '../errors';
import { getCompany, type Company } from '../repositories/companies';
import { getPlan } from '../repositories/plans';
import { getIdentity, getUser, type User } from '../repositories/users';

export interface Session {
  readonly userId: string;
  readonly companyId: string;
  readonly user: User;
  readonly company: Company;
  readonly plan: Plan;
  readonly isAdmin: boolean;
  readonly isSuper: boolean;
}

/** Today's date as YYYY-MM-DD in UTC; a due date is valid through its whole day. */
export const today = (now = new Date()): string => now.toISOString().slice(0, 10);

export const isPastDue = (dueDate: string | null, now = new Date()): boolean =>
  dueDate !== null && dueDate < today(now);

export interface VerifiedIdentity {
  /** Cognito `sub` of the access token. */
  readonly sub: string;
  /** When the user authenticated (epoch seconds); kept across token refreshes. */
  readonly authTime?: number;
  /** Id of the sign-in the token descends from; kept across token refreshes. */
  readonly originJti?: string;
}

export async function loadSession({ sub }: VerifiedIdentity): Promise<Session> {
  if (!sub) throw new AppError('ERR_SESSION_EXPIRED');
  const identity = await getIdentity(sub);
  if (!identity) throw new AppError('ERR_SESSION_EXPIRED');

  const [user, company] = await Promise.all([
    getUser(identity.companyId, identity.userId),
    getCompany(identity.companyId),
  ]);
  if (!user || !company) throw new AppError('ERR_SESSION_EXPIRED');

  const plan = await getPlan(company.planId);
  if (!plan) throw new Error(`Company ${company.id} refers to missing plan ${company.planId}`);

  if (!user.super) {
    if (!company.status) throw new AppError('ERR_NO_PERMISSION', { message: 'Company is inactive' });
    if (isPastDue(company.dueDate)) {
      throw new AppError('ERR_SUBSCRIPTION_EXPIRED', { details: { dueDate: company.dueDate } });
    }
  }

  return {
    userId: user.id,
    companyId: company.id,
    user,
    company,
    plan,
    isAdmin: user.profile === 'admin',
    isSuper: user.super,
  };
}
