/**
 * The demo data `npm start` guarantees: a plan with every feature, the company "Demo" and its admin
 * `admin@demo.test` / `Admin@1234`, who is also the platform super user, and the plans the landing page
 * sells (shared/offered-plans.ts), so its buttons find their plan in the sign-up. Idempotent: when the
 * admin's email is already taken, nothing is written (a super user may have changed the plans since).
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { OFFERED_PLANS, offeredPlanRecord } from '../shared/offered-plans';
import { AI_TOKENS_PER_MONTH_DEFAULT, ALL_FEATURES, type Plan } from '../shared/plans';
import { dynamo } from '../functions/core/aws/clients';
import { planItem } from '../functions/core/repositories/plans';
import { table } from '../functions/core/repositories/table';
import { findIdentityByEmail } from '../functions/core/repositories/users';
import { createCompany } from '../functions/core/companies/create-company';

export const DEMO_LOGIN = { email: 'admin@demo.test', password: 'Admin@1234' } as const;

export const DEMO_PLAN: Plan = {
  id: 'demo',
  name: 'Demo',
  users: 50,
  connections: 10,
  queues: 50,
  value: 0,
  aiTokensPerMonth: AI_TOKENS_PER_MONTH_DEFAULT,
  ...ALL_FEATURES,
};

export async function seedDemo(now = new Date()): Promise<'created' | 'present'> {
  if (await findIdentityByEmail(DEMO_LOGIN.email)) return 'present';
  await dynamo().send(new PutCommand({ TableName: table(), Item: planItem(DEMO_PLAN) }));
  for (const offered of OFFERED_PLANS) {
    await dynamo().send(new PutCommand({ TableName: table(), Item: planItem(offeredPlanRecord(offered, offered.id)) }));
  }
  const dueDate = new Date(now);
  dueDate.setUTCFullYear(dueDate.getUTCFullYear() + 1);
  await createCompany(
    {
      company: {
        name: 'Demo',
        email: DEMO_LOGIN.email,
        phone: '',
        planId: DEMO_PLAN.id,
        dueDate: dueDate.toISOString().slice(0, 10),
        recurrence: 'MENSAL',
        status: true,
      },
      admin: { name: 'Admin', email: DEMO_LOGIN.email, password: DEMO_LOGIN.password, super: true },
      firstQueue: { name: 'Atendimento', color: '#0f766e' },
    },
    now,
  );
  return 'created';
}
