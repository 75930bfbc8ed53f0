/**
 * The super user's company form on an existing company (PUT /companies/{id}), which is also how the
 * Empresas tab moves a due date forward by the recurrence (the web computes it with addRecurrence).
 *
 * Steps: read the live company (ERR_NO_COMPANY_FOUND); when the plan changes, check the new plan
 * exists (ERR_VALIDATION on planId); write in one transaction the changed fields, the company leaving
 * the old plan's counter and joining the new one's, and the `campaignsEnabled` setting when given; the
 * company's update holds only while it still has the plan we read, so a concurrent plan change makes
 * us read again and retry; when the company is deactivated (status false), close every socket of the
 * company at once (its users' HTTP calls are refused from now on by load-session.ts; a socket opening
 * meanwhile is refused by its own `$connect`); announce a changed setting to the company; answer the
 * detail. The company's email is its contact address: changing it does not change any user's login.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { CompanyDetail, UpdateCompanyBody } from '../../../shared/companies';
import { dynamo } from '../aws/clients';
import { AppError } from '../errors';
import { closeCompanySockets } from '../realtime/close-sockets';
import { publishToCompany } from '../realtime/publisher';
import { getLiveCompany, updateCompanyAction, type CompanyChanges } from '../repositories/companies';
import { getPlan, planCounterAction } from '../repositories/plans';
import { settingItem } from '../repositories/settings';
import { table } from '../repositories/table';
import { companyDetail } from './present-company';
import { invalidPlan } from './create-company';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const ATTEMPTS = 3;

export async function updateCompany(companyId: string, input: UpdateCompanyBody, now = new Date()): Promise<CompanyDetail> {
  const { campaignsEnabled, ...fields } = input;
  const changes: CompanyChanges = fields;

  for (let attempt = 1; ; attempt += 1) {
    const company = await getLiveCompany(companyId);
    if (!company) throw new AppError('ERR_NO_COMPANY_FOUND');

    const movesPlan = changes.planId !== undefined && changes.planId !== company.planId;
    const items: TransactItem[] = [updateCompanyAction(company, changes, now)];
    let joinIndex = -1;
    if (movesPlan && changes.planId !== undefined) {
      if (!(await getPlan(changes.planId))) throw invalidPlan();
      joinIndex = items.push(planCounterAction(changes.planId, 1)) - 1;
      if (await getPlan(company.planId)) items.push(planCounterAction(company.planId, -1));
    }
    if (campaignsEnabled !== undefined) {
      items.push({ Put: { TableName: table(), Item: { ...settingItem(company.id, 'campaignsEnabled', String(campaignsEnabled)), updatedAt: now.toISOString() } } });
    }

    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const failed = (index: number) => index >= 0 && error.CancellationReasons?.[index]?.Code === 'ConditionalCheckFailed';
      if (failed(joinIndex)) throw invalidPlan();
      // The company changed plan or was deleted meanwhile (or a transaction conflict): read again.
      if (attempt < ATTEMPTS) continue;
      throw error;
    }

    // Super users of the company are let in again by their next socket ticket (socket-access.ts).
    if (changes.status === false) await closeCompanySockets(company.id);
    if (campaignsEnabled !== undefined) {
      await publishToCompany(company.id, 'company', 'settings', {
        action: 'update',
        setting: { key: 'campaignsEnabled', value: String(campaignsEnabled) },
      });
    }
    const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
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
