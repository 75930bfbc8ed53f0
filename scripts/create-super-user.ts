/**
 * `npm run create-super-user -- --email ... --password ... [--name ...] [--company ...]`: the first
 * platform super user of a deployed stage (or of any stage). It creates a plan with every feature (if the
 * stage has none named "Platform"), a company and its admin with the super flag, through the same use
 * case as sign-up. The target comes from the environment, as for the Lambdas: TABLE_NAME and
 * COGNITO_USER_POOL_ID (the stack outputs), with AWS credentials and region from the usual AWS chain.
 */
import './quiet-sdk-notice';
import { parseArgs } from 'node:util';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { AI_TOKENS_PER_MONTH_DEFAULT, ALL_FEATURES, type Plan } from '../shared/plans';
import { dynamo } from '../functions/core/aws/clients';
import { listPlans, planItem } from '../functions/core/repositories/plans';
import { table } from '../functions/core/repositories/table';
import { createCompany } from '../functions/core/companies/create-company';

const Args = z.object({
  email: z.email('Invalid email'),
  password: z.string().min(8, 'The password needs at least 8 characters'),
  name: z.string().min(2).default('Super user'),
  company: z.string().min(2).default('Platform'),
});

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, company: { type: 'string' } },
  });
  const args = Args.parse(values);
  const plan = (await listPlans()).find((candidate) => candidate.name === 'Platform') ?? (await createPlatformPlan());
  const { company, admin } = await createCompany({
    company: { name: args.company, email: args.email, phone: '', planId: plan.id, dueDate: null, recurrence: 'MENSAL', status: true },
    admin: { name: args.name, email: args.email, password: args.password, super: true },
    firstQueue: { name: 'Atendimento', color: '#0f766e' },
  });
  process.stdout.write(`Created super user ${admin.email} (company "${company.name}", id ${company.id}).\n`);
}

async function createPlatformPlan(): Promise<Plan> {
  const plan: Plan = {
    id: 'platform',
    name: 'Platform',
    users: 10,
    connections: 1,
    queues: 10,
    value: 0,
    aiTokensPerMonth: AI_TOKENS_PER_MONTH_DEFAULT,
    ...ALL_FEATURES,
  };
  await dynamo().send(new PutCommand({ TableName: table(), Item: planItem(plan), ConditionExpression: 'attribute_not_exists(PK)' }));
  return plan;
}

main().catch((error: unknown) => {
  process.stderr.write(`create-super-user failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
