/**
 * The one transaction that stores a new user (sign-up's admin, or a user an admin adds) after their
 * Cognito account was made: if it throws or a condition fails, the account is deleted again, so an
 * account never exists without its user item (nor blocks its email for a retry).
 */
import { deleteAccount } from '../aws/cognito-accounts';
import type { Steps } from '../repositories/transaction';

/** Runs the steps; answers the names of the failed conditions, the account already deleted when any failed. */
export async function runWithNewAccount<Name extends string>(steps: Steps<Name>, email: string): Promise<Set<Name>> {
  let failed: Set<Name>;
  try {
    failed = await steps.run();
  } catch (error) {
    await deleteAccount(email);
    throw error;
  }
  if (failed.size > 0) await deleteAccount(email);
  return failed;
}
