/**
 * The signed-in user and company as GET /auth/me answers them, and the sign-in helpers both sides use;
 * imported by backend and web. No zod here: every page of the web imports this module.
 */
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

/** The web sends `userStatus` this often (spec 1 §9: every 5 minutes). */
export const USER_STATUS_INTERVAL_MS = 300_000;

/**
 * The short tag of a sign-in that the `auth` event names (its field `session`, the spec's name): the first 16 hex digits of the
 * SHA-256 of the token's `origin_jti`. A browser compares it with the tag of its own access token and
 * shows 'Sua conta foi acessada em outro computador.' only when they differ. WebCrypto, so that the web
 * and the backend compute it with the same code.
 */
export async function signInTag(originJti: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(originJti));
  return Array.from(new Uint8Array(digest).slice(0, 8), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
