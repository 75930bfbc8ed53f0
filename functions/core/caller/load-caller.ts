/**
 * Turns a verified Cognito identity into the caller every tenant route works with.
 *
 * Steps: find the identity item of the token's `sub` (sub -> company and user); read the user, the
 * company and the company's plan in one BatchGetItem; check the token's sign-in (below); refuse a
 * deleted company (its logins are gone) and, unless the user is a super user, an inactive company and
 * one whose due date has passed. The tenant (companyId) comes from here only, never from a path, query
 * or body (docs/architecture.md §1.2).
 *
 * One round trip per request in a warm container. What the container remembers is only what cannot
 * widen anybody's access when it changes:
 * - the identity of a sub: Cognito never reuses a sub and the item is never rewritten, only deleted
 *   with its user (then the user read is missing) or with its company (then the company is marked
 *   deleted first); either way the request is refused and the entry dropped;
 * - the plan id of a company, as a guess of which plan to read in the same batch: the company item of
 *   the batch says which plan is right, and when it names another one that plan is read at once (a
 *   second step, only after a plan change or in a cold container).
 * The user (sign-out mark, active sign-in), the company (status, due date, plan id) and the plan's
 * flags and limits are read on every request, so a logout, a later sign-in, a password change, a
 * deleted user, a deactivated or lapsed company and a plan change are all refused or applied at once.
 * A cold container reads the identity first: two steps, three after a plan change.
 *
 * One active sign-in per user (spec 1 §4.5: one session). A sign-in is named by the token's `auth_time` and
 * `origin_jti`, which Cognito keeps across refreshes; sign-ins are ordered by time, then origin. The user
 * item holds the active one:
 * - a token of a sign-in up to the user's last sign-out (DELETE /auth/logout, a password reset) is
 *   refused: the gateway keeps accepting access tokens until they expire, the backend does not;
 * - a token of the active sign-in passes;
 * - a token of a later sign-in becomes the active one (a conditional update, so two racing requests
 *   agree), and the `auth` event tells the user's sockets, whose earlier sign-ins then show 'Sua
 *   conta foi acessada em outro computador.';
 * - a token of an earlier sign-in is refused with ERR_SESSION_EXPIRED.
 */
import { isPastDue } from '../../../shared/company-time';
import type { Plan } from '../../../shared/plans';
import { signInTag } from '../../../shared/users';
import { can } from '../../../shared/permissions';
import { AppError } from '../errors';
import { logger } from '../logger';
import { publishToCompany } from '../realtime/publisher';
import { getCallerItems } from '../repositories/caller-items';
import type { Company } from '../repositories/companies';
import { getPlan } from '../repositories/plans';
import { claimActiveSignIn, getIdentity, getUser, type ActiveSignIn, type Identity, type User } from '../repositories/users';
import { RecentMap } from './recent-map';

export interface Caller {
  readonly userId: string;
  readonly companyId: string;
  readonly user: User;
  readonly company: Company;
  readonly plan: Plan;
  readonly isAdmin: boolean;
  readonly isSuper: boolean;
}


export interface VerifiedIdentity {
  /** Cognito `sub` of the access token. */
  readonly sub: string;
  /**
   * When the user authenticated (epoch seconds); kept across token refreshes. Absent only for callers
   * that hold no token (internal use): the sign-in rules are then not applied.
   */
  readonly authTime?: number;
  /** Id of the sign-in the token descends from; kept across token refreshes. '' when the token has none. */
  readonly originJti?: string;
}

export interface LoadCallerOptions {
  /** Load it for a company that is inactive or past its due date too (signing out must always work). */
  readonly evenWhenLapsed?: boolean;
}

/** Identities of the subs seen lately in this container (see the doc comment: they never change). */
const identities = new RecentMap<string, Identity>(5000);
/** The plan id each company had when last read: only a guess of which plan to batch with it. */
const companyPlans = new RecentMap<string, string>(1000);

/**
 * The company of a token's `sub`, when this container already knows it, before the sign-in is checked:
 * for a route that starts its tenant's reads together with the caller's (http-module.ts
 * callerRouteWithEarlyRead). Identities never change (see above), so it names the right tenant; whether
 * the sign-in may read it at all is still `loadCaller`'s to say.
 */
export function rememberedCompanyOf(sub: string): string | undefined {
  return sub ? identities.get(sub)?.companyId : undefined;
}

/** Forgets what this container remembers, as a cold start does (tests). */
export function forgetRememberedCallers(): void {
  identities.clear();
  companyPlans.clear();
}

export async function loadCaller({ sub, authTime, originJti = '' }: VerifiedIdentity, options: LoadCallerOptions = {}): Promise<Caller> {
  if (!sub) throw new AppError('ERR_SESSION_EXPIRED');
  const identity = identities.get(sub) ?? (await getIdentity(sub));
  if (!identity) throw new AppError('ERR_SESSION_EXPIRED');

  const guessedPlanId = companyPlans.get(identity.companyId);
  const read = await getCallerItems(identity.companyId, identity.userId, guessedPlanId);
  const { user: found, company } = read;
  if (!found || !company || company.deletedAt) {
    identities.delete(sub);
    throw new AppError('ERR_SESSION_EXPIRED');
  }
  identities.set(sub, identity);
  const user = authTime === undefined ? found : await checkSignIn(found, { originJti, authTime });

  const plan = company.planId === guessedPlanId && read.plan ? read.plan : await getPlan(company.planId);
  if (!plan) throw new Error(`Company ${company.id} refers to missing plan ${company.planId}`);
  companyPlans.set(company.id, company.planId);

  if (!user.super && !options.evenWhenLapsed) {
    if (!company.status) throw new AppError('ERR_NO_PERMISSION', { message: 'Company is inactive' });
    if (isPastDue(company.dueDate)) {
      // `canPay`: an administrator may still open the invoices and pay (the billing routes admit them), which the login's notice offers.
      throw new AppError('ERR_SUBSCRIPTION_EXPIRED', { details: { dueDate: company.dueDate, canPay: can(user.profile, 'company:administer') } });
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

/** How two sign-ins compare: negative when `a` is the earlier one. */
export function compareSignIns(a: ActiveSignIn, b: ActiveSignIn): number {
  if (a.authTime !== b.authTime) return a.authTime - b.authTime;
  return a.originJti < b.originJti ? -1 : a.originJti > b.originJti ? 1 : 0;
}

/** Retries of the claim when other requests keep changing the active sign-in in between (rare). */
const CLAIM_ATTEMPTS = 3;

/** Applies the one-sign-in rules to the token's sign-in; answers the user as stored afterwards. */
async function checkSignIn(user: User, token: ActiveSignIn): Promise<User> {
  let current = user;
  for (let attempt = 1; attempt <= CLAIM_ATTEMPTS; attempt += 1) {
    if (current.signedOutAt !== undefined && token.authTime <= current.signedOutAt) throw new AppError('ERR_SESSION_EXPIRED');
    const order = current.activeSignIn ? compareSignIns(token, current.activeSignIn) : 1;
    if (order === 0) return current;
    if (order < 0) throw new AppError('ERR_SESSION_EXPIRED');
    if (await claimActiveSignIn(current.companyId, current.id, token)) {
      // Nobody to tell when there was no sign-in yet, or when it ended with a sign-out.
      const previous = current.activeSignIn;
      if (previous && !(current.signedOutAt !== undefined && previous.authTime <= current.signedOutAt)) {
        await announceNewSignIn(current, token);
      }
      return { ...current, activeSignIn: token };
    }
    const reread = await getUser(current.companyId, current.id);
    if (!reread) throw new AppError('ERR_SESSION_EXPIRED');
    current = reread;
  }
  throw new Error(`The active sign-in of user ${user.id} kept changing`);
}

/** The earlier sign-ins learn that they are over; a failed notice must not fail the request. */
async function announceNewSignIn(user: User, signIn: ActiveSignIn): Promise<void> {
  try {
    await publishToCompany(user.companyId, `user:${user.id}`, 'auth', {
      action: 'update',
      user: { id: user.id },
      session: await signInTag(signIn.originJti),
    });
  } catch (error) {
    logger.warn('auth event not published', { userId: user.id, error });
  }
}
