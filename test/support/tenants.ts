/**
 * Tenants for tests: a company on its own plan with its admin signed in, and plain users added through
 * the API as an admin would. Tenant-isolation probes use two of them, A and B.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { AI_TOKENS_PER_MONTH_DEFAULT, ALL_FEATURES, type Plan } from '../../shared/plans';
import type { Profile } from '../../shared/sign-in';
import { dynamo } from '../../functions/core/aws/clients';
import { planItem } from '../../functions/core/repositories/plans';
import { createCompany } from '../../functions/core/companies/create-company';
import type { TestCloud } from './local-cloud';

export const TEST_PASSWORD = 'Secret@123';

export interface SignedInUser {
  readonly id: string;
  readonly email: string;
  readonly token: string;
}

export interface Tenant {
  readonly companyId: string;
  readonly planId: string;
  /** The company's first queue, created with it. */
  readonly queueId: string;
  readonly admin: SignedInUser;
}

let counter = 0;

/** A company with its admin, on a plan of its own (every feature unless overridden). */
export async function createTenant(cloud: TestCloud, plan: Partial<Plan> = {}): Promise<Tenant> {
  counter += 1;
  const slug = `t${Date.now().toString(36)}${counter}`;
  const fullPlan: Plan = { id: ulid(), name: `Plan ${slug}`, users: 10, connections: 5, queues: 10, value: 0, ...ALL_FEATURES, ...plan, aiTokensPerMonth: plan.aiTokensPerMonth ?? AI_TOKENS_PER_MONTH_DEFAULT };
  await dynamo().send(new PutCommand({ TableName: cloud.tableName, Item: planItem(fullPlan) }));
  const email = `admin@${slug}.test`;
  const { company, admin } = await createCompany({
    company: { name: `Company ${slug}`, email, phone: '', planId: fullPlan.id, dueDate: '2999-12-31', recurrence: 'MENSAL', status: true },
    admin: { name: `Admin ${slug}`, email, password: TEST_PASSWORD, super: false },
    firstQueue: { name: 'Atendimento', color: '#0f766e' },
  });
  const { accessToken } = await cloud.signIn(email, TEST_PASSWORD);
  return {
    companyId: company.id,
    planId: fullPlan.id,
    queueId: admin.queueIds[0] ?? '',
    admin: { id: admin.id, email, token: accessToken },
  };
}

/** A user of the tenant created through POST /users by its admin, then signed in. */
export async function addUser(cloud: TestCloud, tenant: Tenant, profile: Profile = 'user', queueIds: string[] = []): Promise<SignedInUser> {
  counter += 1;
  const email = `${profile}${counter}.${Date.now().toString(36)}@${tenant.companyId.toLowerCase()}.test`;
  const response = await cloud.api('/users', {
    method: 'POST',
    token: tenant.admin.token,
    body: { name: `User ${counter}`, email, password: TEST_PASSWORD, profile, queueIds },
  });
  if (response.status !== 201) throw new Error(`POST /users answered ${response.status}: ${JSON.stringify(response.body)}`);
  const { accessToken } = await cloud.signIn(email, TEST_PASSWORD);
  return { id: response.body.id, email, token: accessToken };
}
