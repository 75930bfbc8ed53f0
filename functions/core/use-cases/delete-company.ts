/**
 * The super user deletes a company (DELETE /companies/{id}). This deactivates the tenant and frees its
 * logins; it is not a data purge: tickets, contacts, messages and the user items stay in the company's
 * partitions, unreachable (no login leads there any more), until a purge job, out of scope here,
 * removes them.
 *
 * Steps: read the company (ERR_NO_COMPANY_FOUND when missing); refuse the caller's own company; in one
 * transaction mark it deleted (status false, `deletedAt`, out of the list index) and take it off its
 * plan's counter (retried if its plan changed meanwhile); close every socket of the company at once
 * (a socket opening meanwhile is refused by its own `$connect`); then for every user of the company delete the
 * Cognito account (which also ends its refresh tokens) and the identity and unique-email items, so no
 * token finds a session and the email can sign up again. Every step is idempotent: when a previous call
 * failed half-way, deleting the same company again finishes the job.
 */
import { AppError, conflict, isConflict } from '../errors';
import { deleteAccount } from '../identity/cognito-users';
import { closeCompanySockets } from '../realtime/close-sockets';
import { deleteCompanyAction, getCompany } from '../repositories/companies';
import { getPlan, planCounterAction } from '../repositories/plans';
import { Steps } from '../repositories/transaction';
import { listUsers, removeLoginItems } from '../repositories/users';
import type { Session } from './load-session';

const ATTEMPTS = 3;

export async function deleteCompany(session: Session, companyId: string, now = new Date()): Promise<void> {
  if (companyId === session.companyId) {
    throw new AppError('ERR_NO_PERMISSION', { message: 'The super user cannot delete their own company' });
  }
  await markDeleted(companyId, now);
  await closeCompanySockets(companyId);
  for (const user of await listUsers(companyId)) {
    try {
      await deleteAccount(user.email);
    } catch (error) {
      // Gone already: a previous call got this far.
      if (!(error instanceof Error && error.name === 'UserNotFoundException')) throw error;
    }
    await removeLoginItems(user);
  }
}

async function markDeleted(companyId: string, now: Date): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const company = await getCompany(companyId);
    if (!company) throw new AppError('ERR_NO_COMPANY_FOUND');
    if (company.deletedAt) return;
    const steps = new Steps<'company' | 'plan'>();
    steps.add('company', deleteCompanyAction(company, now));
    if (await getPlan(company.planId)) steps.add('plan', planCounterAction(company.planId, -1));
    const failed = await steps.run().catch((error: unknown) => {
      if (isConflict(error) && attempt < ATTEMPTS) return undefined;
      throw error;
    });
    if (failed?.size === 0) return;
    // The company changed plan or was deleted meanwhile (or another transaction held it): read again.
    if (attempt >= ATTEMPTS) throw conflict(`Company ${companyId}`);
  }
}
