/**
 * Whether the user behind a socket still has access (docs/architecture.md §8: access that ends ends the user's
 * sockets). Asked when a socket ticket is redeemed, again by `$connect` once the socket's memberships
 * are written, and by every join action, so a socket never outlives its user even when the change that
 * ended the access raced with it.
 *
 * Steps: read the user and the company strongly consistent (an access change writes first and then
 * looks for the user's sockets, so one of the two sides always sees the other); refuse a user no longer
 * stored, a company gone, inactive or past its due date (super users excepted, as for the HTTP API:
 * caller/load-caller.ts), and a socket of a sign-in that has ended (logout, password change: the sign-out
 * mark is at or after the sign-in). Answers the user as stored, whose profile and queues then decide the
 * rooms.
 */
import { getCompany } from '../repositories/companies';
import { getUser, type User } from '../repositories/users';
import { isPastDue } from '../../../shared/company-time';

export interface SocketOwner {
  readonly companyId: string;
  readonly userId: string;
  /** The sign-in the socket's ticket was minted by (epoch seconds); undefined when unknown. */
  readonly signInAt?: number;
}

export async function userWithSocketAccess(owner: SocketOwner, now = new Date()): Promise<User | undefined> {
  const [user, company] = await Promise.all([getUser(owner.companyId, owner.userId, true), getCompany(owner.companyId, true)]);
  if (!user || !company || company.deletedAt) return undefined;
  if (!user.super && (!company.status || isPastDue(company.dueDate, now))) return undefined;
  if (owner.signInAt !== undefined && user.signedOutAt !== undefined && owner.signInAt <= user.signedOutAt) return undefined;
  return user;
}
