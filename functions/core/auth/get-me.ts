/**
 * The signed-in user with their company, as GET /auth/me answers it.
 *
 * Steps: read the user's queues (name and colour) and the company settings in parallel; shape the
 * answer of shared/sign-in.ts. Secrets (write-only settings) are blanked by the settings repository.
 */
import type { MeResponse } from '../../../shared/sign-in';
import { getQueueSummaries } from '../repositories/queues';
import { listSettings } from '../repositories/settings';
import type { Caller } from '../caller/load-caller';
import { toMeUser } from '../users/present-user';

export async function getMe(caller: Caller): Promise<MeResponse> {
  const { user, company, plan } = caller;
  const [queues, settings] = await Promise.all([
    getQueueSummaries(company.id, user.queueIds),
    listSettings(company.id),
  ]);
  return {
    user: toMeUser(user, queues),
    company: { id: company.id, name: company.name, dueDate: company.dueDate, settings, plan },
  };
}
