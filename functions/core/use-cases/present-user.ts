/**
 * Users as the API answers them (shared/users.ts UserDto): with the name and colour of their queues,
 * and never the Cognito sub or the session state.
 *
 * Steps: collect the distinct queue ids of the users; read those queues in batches of 100 (BatchGet's
 * limit) from the company's partition; shape each user.
 */
import type { QueueSummary } from '../../../shared/session';
import type { UserDto } from '../../../shared/users';
import { getQueueSummaries } from '../repositories/queues';
import type { User } from '../repositories/users';

export function toUserDto(user: User, queues: readonly QueueSummary[]): UserDto {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    profile: user.profile,
    super: user.super,
    allTicket: user.allTicket,
    whatsappId: user.whatsappId,
    companyId: user.companyId,
    queueIds: user.queueIds,
    queues,
    online: user.online,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}

export async function presentUsers(companyId: string, users: readonly User[]): Promise<UserDto[]> {
  const ids = [...new Set(users.flatMap((user) => user.queueIds))];
  const batches: string[][] = [];
  for (let start = 0; start < ids.length; start += 100) batches.push(ids.slice(start, start + 100));
  const found = new Map(
    (await Promise.all(batches.map((batch) => getQueueSummaries(companyId, batch)))).flat().map((queue) => [queue.id, queue]),
  );
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
