/**
 * Logout (spec 1 §4.4; checklist C-023): tells the server (DELETE /auth/logout ends every session of
 * the account at once), drops the local campaigns flag, and ends the local session, after which the
 * route guard shows /login. The local part happens whatever the server answers: this browser must stop
 * acting as signed in, even when the server refuses the call (a company past its due date).
 */
import { logout } from '../../api/auth';
import type { ApiClient } from '../../api/client';
import type { AuthStore } from '../../auth/auth-store';
import { writeCampaignsFlag } from './campaigns-flag';

export async function signOutEverywhere(api: Pick<ApiClient, 'delete'>, auth: Pick<AuthStore, 'signOut'>): Promise<void> {
  try {
    await logout(api);
  } catch {
    // See above: the local sign-out still happens.
  }
  writeCampaignsFlag(false);
  await auth.signOut();
}
