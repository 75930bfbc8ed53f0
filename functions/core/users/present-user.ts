/**
 * Users as the API answers them (shared/users.ts UserDto, and the smaller MeUser of GET /auth/me): with
 * the name and colour of their queues, and never the Cognito sub or the session state.
 *
 * Steps: collect the distinct queue ids of the users; read those queues by key from the company's
 * partition; shape each user.
 */
import type { MeUser, QueueSummary } from '../../../shared/session';
import type { UserDto } from '../../../shared/users';
import { getQueueSummaries } from '../repositories/queues';
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

export function toUserDto(user: User, queues: readonly QueueSummary[]): UserDto {
  return {
    ...toMeUser(user, queues),
    queueIds: user.queueIds,
    online: user.online,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}

export async function presentUsers(companyId: string, users: readonly User[]): Promise<UserDto[]> {
  const ids = [...new Set(users.flatMap((user) => user.queueIds))];
  const found = new Map((await getQueueSummaries(companyId, ids)).map((queue) => [queue.id, queue]));
  return users.map((user) =>
    toUserDto(
      user,
      user.queueIds.flatMap((id) => found.get(id) ?? []),
    ),
  );
}

export async function presentUser(user: User): Promise<UserDto> {
  const [dto] = await presentUsers(user.companyId, [user]);
  if (!dto) throw new Error('presentUsers lost a user');
  return dto;
}
