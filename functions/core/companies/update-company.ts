/**
 * The super user's company form on an existing company (PUT /companies/{id}), which is also how the
 * Empresas tab moves a due date forward by the recurrence (the web computes it with addRecurrence).
 *
 * Steps: read the live company (ERR_NO_COMPANY_FOUND); when the plan changes, check the new plan
 * exists (ERR_VALIDATION on planId); write in one transaction the changed fields, the company leaving
 * the old plan's counter and joining the new one's, and the `campaignsEnabled` setting when given; the
 * company's update holds only while it still has the plan we read, so a concurrent plan change makes
 * us read again and retry; when the company is deactivated (status false), close every socket of the
 * company at once (its users' HTTP calls are refused from now on by caller/load-caller.ts; a socket opening
 * meanwhile is refused by its own `$connect`); announce a changed setting to the company; answer the
 * detail. The company's email is its contact address: changing it does not change any user's login.
 */
import type { CompanyDetail, UpdateCompanyBody } from '../../../shared/companies';
import { AppError, conflict, isConflict } from '../errors';
import { closeCompanySockets } from '../realtime/close-sockets';
import { publishToCompany } from '../realtime/publisher';
import { getLiveCompany, updateCompanyAction, type CompanyChanges } from '../repositories/companies';
import { getPlan, planCounterAction } from '../repositories/plans';
import { putSettingAction } from '../repositories/settings';
import { Steps } from '../repositories/transaction';
import { companyDetail } from './present-company';
import { invalidPlan } from './create-company';

const ATTEMPTS = 3;

export async function updateCompany(companyId: string, input: UpdateCompanyBody, now = new Date()): Promise<CompanyDetail> {
  const { campaignsEnabled, ...fields } = input;
  const changes: CompanyChanges = fields;

  for (let attempt = 1; ; attempt += 1) {
    const company = await getLiveCompany(companyId);
    if (!company) throw new AppError('ERR_NO_COMPANY_FOUND');

    const movesPlan = changes.planId !== undefined && changes.planId !== company.planId;
    const steps = new Steps<'company' | 'joinPlan' | 'leavePlan' | 'setting'>();
    steps.add('company', updateCompanyAction(company, changes, now));
    if (movesPlan) {
      if (!(await getPlan(changes.planId))) throw invalidPlan();
      steps.add('joinPlan', planCounterAction(changes.planId, 1));
      if (await getPlan(company.planId)) steps.add('leavePlan', planCounterAction(company.planId, -1));
    }
    if (campaignsEnabled !== undefined) {
      steps.add('setting', putSettingAction(company.id, 'campaignsEnabled', String(campaignsEnabled), now.toISOString()));
    }

    const failed = await steps.run().catch((error: unknown) => {
      if (isConflict(error) && attempt < ATTEMPTS) return undefined;
      throw error;
    });
    if (failed?.has('joinPlan')) throw invalidPlan();
    if (failed?.size !== 0) {
      // The company changed plan or was deleted meanwhile (or another transaction held it): read again.
      if (attempt < ATTEMPTS) continue;
      throw conflict(`Company ${companyId}`);
    }

    // Super users of the company are let in again by their next socket ticket (socket-access.ts).
    if (changes.status === false) await closeCompanySockets(company.id);
    if (campaignsEnabled !== undefined) {
      await publishToCompany(company.id, 'company', 'settings', {
        action: 'update',
        setting: { key: 'campaignsEnabled', value: String(campaignsEnabled) },
      });
    }
    const defined = Object.fromEntries(Object.entries(changes as Record<string, unknown>).filter(([, value]) => value !== undefined));
    const detail = await companyDetail({ ...company, ...defined, updatedAt: now.toISOString() });
    if (campaignsEnabled === undefined) return detail;
    // The settings were read by a Query, which may not see our write yet on DynamoDB: answer what we wrote.
    return {
      ...detail,
      campaignsEnabled,
      settings: detail.settings.map((setting) =>
        setting.key === 'campaignsEnabled' ? { ...setting, value: String(campaignsEnabled) } : setting,
      ),
    };
  }
}
