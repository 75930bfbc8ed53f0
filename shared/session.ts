/** The signed-in user and company as GET /auth/me answers them; imported by backend and web. */
import type { Plan } from './plans';
import type { Setting } from './settings';

export const PROFILES = ['admin', 'user', 'supervisor'] as const;
export type Profile = (typeof PROFILES)[number];

export interface QueueSummary {
  readonly id: string;
  readonly name: string;
  readonly color: string;
}

export interface MeUser {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly profile: Profile;
  readonly super: boolean;
  /** 'enabled' lets a non-admin also see tickets without a queue. */
  readonly allTicket: 'enabled' | 'desabled';
  /** The user's default connection, or null. */
  readonly whatsappId: string | null;
  readonly companyId: string;
  readonly queues: readonly QueueSummary[];
}

export interface MeCompany {
  readonly id: string;
  readonly name: string;
  /** ISO date (YYYY-MM-DD) after which the subscription has expired; null for none. */
  readonly dueDate: string | null;
  readonly settings: readonly Setting[];
  readonly plan: Plan;
}

export interface MeResponse {
  readonly user: MeUser;
  readonly company: MeCompany;
}
