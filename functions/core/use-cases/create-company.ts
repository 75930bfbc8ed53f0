/**
 * Creates a company with its admin user, all or nothing.
 *
 * Steps: create the admin's Cognito account; write in one transaction the company (counting its one
 * user and one queue, for the plan's limits), its default settings, its first queue (with the colour's
 * uniqueness item), the user, the identity item, the email's uniqueness item, and one more company on
 * the plan's counter (which also proves the plan exists); if the transaction fails, delete the Cognito
 * account again, so a failure
 * leaves neither a half company nor an orphan login. Sign-up, the super user's company form and the
 * demo seed all go through here.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { ulid } from 'ulid';
import { defaultQueueSchedule } from '../../../shared/schedules';
import { DEFAULT_SETTINGS, SETTING_KEYS, type SettingKey } from '../../../shared/settings';
import { dynamo } from '../aws/clients';
import { AppError } from '../errors';
import { createAccount, deleteAccount, normaliseEmail } from '../identity/cognito-users';
import { companyItem, type Company, type Recurrence } from '../repositories/companies';
import { queueColorItem, queueItem, type Queue } from '../repositories/queues';
import { settingItem } from '../repositories/settings';
import { keys } from '../repositories/keys';
import { table } from '../repositories/table';
import { identityItem, uniqueEmailItem, userItem, type User } from '../repositories/users';

export interface CreateCompanyInput {
  readonly company: {
    readonly name: string;
    readonly email: string;
    readonly phone: string;
    readonly planId: string;
    readonly dueDate: string | null;
    readonly recurrence: Recurrence;
    readonly status: boolean;
  };
  readonly admin: { readonly name: string; readonly email: string; readonly password: string; readonly super: boolean };
  readonly settings?: Partial<Record<SettingKey, string>>;
  readonly firstQueue: { readonly name: string; readonly color: string };
}

/** Positions in the transaction whose failed condition has a meaning of its own. */
const EMAIL_ITEM = 0;
const PLAN_COUNTER = 6;

export interface CreatedCompany {
  readonly company: Company;
  readonly admin: User;
}

export async function createCompany(input: CreateCompanyInput, now = new Date()): Promise<CreatedCompany> {
  const createdAt = now.toISOString();
  const companyId = ulid();
  const userId = ulid();
  const email = normaliseEmail(input.admin.email);
  const sub = await createAccount(email, input.admin.password);

  const company: Company = { id: companyId, ...input.company, usersCount: 1, queuesCount: 1, schedules: [], createdAt };
  const queue: Queue = {
    id: ulid(),
    companyId,
    name: input.firstQueue.name,
    color: input.firstQueue.color,
    orderQueue: 1,
    greetingMessage: '',
    outOfHoursMessage: '',
    schedules: defaultQueueSchedule(),
    promptId: null,
    integrationId: null,
    createdAt,
  };
  const admin: User = {
    id: userId,
    companyId,
    cognitoSub: sub,
    name: input.admin.name,
    email,
    profile: 'admin',
    super: input.admin.super,
    allTicket: 'enabled',
    whatsappId: null,
    queueIds: [queue.id],
    online: false,
    createdAt,
    updatedAt: createdAt,
  };
  const identity = { sub, userId, companyId };
  const settings = { ...DEFAULT_SETTINGS, ...input.settings };
  const isNew = 'attribute_not_exists(PK)';

  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: table(), Item: uniqueEmailItem(email, identity), ConditionExpression: isNew } },
          { Put: { TableName: table(), Item: companyItem(company), ConditionExpression: isNew } },
          { Put: { TableName: table(), Item: userItem(admin), ConditionExpression: isNew } },
          { Put: { TableName: table(), Item: identityItem(identity), ConditionExpression: isNew } },
          { Put: { TableName: table(), Item: queueItem(queue), ConditionExpression: isNew } },
          { Put: { TableName: table(), Item: queueColorItem(queue), ConditionExpression: isNew } },
          {
            Update: {
              TableName: table(),
              Key: keys.plan(company.planId),
              UpdateExpression: 'ADD companiesCount :one',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
          ...SETTING_KEYS.map((key) => ({ Put: { TableName: table(), Item: settingItem(companyId, key, settings[key]) } })),
        ],
      }),
    );
  } catch (error) {
    await deleteAccount(email);
    const failed = (index: number) =>
      error instanceof TransactionCanceledException && error.CancellationReasons?.[index]?.Code === 'ConditionalCheckFailed';
    if (failed(EMAIL_ITEM)) throw new AppError('ERR_EMAIL_ALREADY_EXISTS');
    if (failed(PLAN_COUNTER)) {
      throw new AppError('ERR_VALIDATION', { message: 'Invalid plan', fields: [{ path: 'planId', message: 'Invalid plan' }] });
    }
    throw error;
  }
  return { company, admin };
}
