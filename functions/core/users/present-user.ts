/**
 * Users as the API answers them (shared/users.ts UserDto, and the smaller MeUser of GET /auth/me): with
 * the name and colour of their queues and their company (spec 1 §3, spec 3 §3), and never the Cognito
 * sub or the sign-in state.
 *
 * Steps: collect the distinct queue ids of the users; read those queues by key from the company's
 * partition, and the company with its settings, in parallel; shape each user.
 */
import type { MeUser, QueueSummary } from '../../../shared/sign-in';
import type { UserCompanyDto, UserDto } from '../../../shared/users';
import { getCompany } from '../repositories/companies';
import { getQueueSummaries } from '../repositories/queues';
import { listSettings } from '../repositories/settings';
import type { User } from '../repositories/users';

/** The signed-in user as GET /auth/me answers it; every other answer about a user starts with these fields. */
export function toMeUser(user: User, queues: readonly QueueSummary[]): MeUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    profile: user.profile,
    super: user.super,
    allTicket: user.allTicket,
    whatsappId: user.whatsappId,
    companyId: user.companyId,
    queues,
  };
}

export function toUserDto(user: User, queues: readonly QueueSummary[], company: UserCompanyDto): UserDto {
  return {
    ...toMeUser(user, queues),
    queueIds: user.queueIds,
    online: user.online,
    company,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}

/** The company as its users answer it; settings blanked of secrets by the settings repository. */
export async function userCompanyOf(companyId: string): Promise<UserCompanyDto> {
  const [company, settings] = await Promise.all([getCompany(companyId), listSettings(companyId)]);
  return {
    id: companyId,
    name: company?.name ?? '',
    email: company?.email ?? '',
    dueDate: company?.dueDate ?? null,
    trialExpiration: company?.trialExpiration ?? null,
    settings,
  };
}

export async function presentUsers(companyId: string, users: readonly User[]): Promise<UserDto[]> {
  const ids = [...new Set(users.flatMap((user) => user.queueIds))];
  const [queues, company] = await Promise.all([getQueueSummaries(companyId, ids), userCompanyOf(companyId)]);
  const found = new Map(queues.map((queue) => [queue.id, queue]));
  return users.map((user) =>
    toUserDto(
      user,
      user.queueIds.flatMap((id) => found.get(id) ?? []),
      company,
    ),
  );
}

export async function presentUser(user: User): Promise<UserDto> {
  const [dto] = await presentUsers(user.companyId, [user]);
  if (!dto) throw new Error('presentUsers lost a user');
  return dto;
}
