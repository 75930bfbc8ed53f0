/** Companies (tenants): one item per company in its own partition, listed through GSI1. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ScheduleEntry } from '../../../shared/schedules';
import { dynamo } from '../aws/clients';
import { companyListIndex, keys } from './keys';
import { fromItem, table } from './table';

export const RECURRENCES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;
export type Recurrence = (typeof RECURRENCES)[number];

export interface Company {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly planId: string;
  /** Active flag; an inactive company cannot sign in. */
  readonly status: boolean;
  /** YYYY-MM-DD; the subscription is valid through this day. */
  readonly dueDate: string | null;
  readonly recurrence: Recurrence;
  /** Counters kept in the same transactions as the users and queues they count (plan limits). */
  readonly usersCount: number;
  readonly queuesCount: number;
  /** The company's weekly work hours (used when the setting scheduleType is `company`). */
  readonly schedules: readonly ScheduleEntry[];
  readonly createdAt: string;
}

export const companyItem = (company: Company) => ({
  ...keys.company(company.id),
  ...companyListIndex(company.name, company.id),
  entity: 'company',
  ...company,
});

export async function getCompany(companyId: string): Promise<Company | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.company(companyId) }));
  return Item ? fromItem<Company>(Item) : undefined;
}
