/**
 * The signed-in user and their company, as `GET /auth/me` answers them. Only the fields the web reads
 * are typed; the rest passes through untouched.
 */
import type { MeUser } from '../../../shared/sign-in';

export interface CurrentUser {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  /** `admin`, `user` or `supervisor` (spec 1 §6). */
  readonly profile: string;
  /** The platform super user. */
  readonly super: boolean;
  readonly companyId: string;
}

export interface CompanySetting {
  readonly key: string;
  readonly value: string;
}

export interface CurrentCompany {
  readonly id: string;
  readonly name: string;
  readonly dueDate?: string;
  readonly settings: readonly CompanySetting[];
  /** Plan flags and limits (useCampaigns, useKanban, ...), read by the menu in a later issue. */
  readonly plan: Readonly<Record<string, unknown>>;
}

export interface Me {
  readonly user: CurrentUser;
  readonly company: CurrentCompany;
}

/** Profile comparisons are case-insensitive (spec 1 §6). */
export function isAdmin(user: Pick<CurrentUser, 'profile'>): boolean {
  return user.profile.toLowerCase() === 'admin';
}

/**
 * The loaded /auth/me with the signed-in user as a user answer or a `user` event now shows them (their
 * own profile saved, or an admin changing their profile, queues or default connection): the header's
 * name and what the pages read of the user follow without loading everything again. Another user's
 * answer leaves it as it was.
 */
export function withOwnUser(me: Me, user: MeUser): Me {
  if (user.id !== me.user.id) return me;
  const fresh: CurrentUser & Pick<MeUser, 'queues' | 'allTicket' | 'whatsappId'> = {
    ...me.user,
    name: user.name,
    email: user.email,
    profile: user.profile,
    super: user.super,
    queues: user.queues,
    allTicket: user.allTicket,
    whatsappId: user.whatsappId,
  };
  return { ...me, user: fresh };
}
