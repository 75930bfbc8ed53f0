/**
 * Who may do what: one rules table from profiles to named actions, used by the backend's guards and by
 * the web to hide what the server would refuse anyway (docs/architecture.md §1.3). The spec names the actions; the
 * table itself is ours (spec 1 §6 leaves it out):
 * - admin: every action;
 * - supervisor: sets the kanban flag of tags (spec 3 §6); like a user, works the tickets of their
 *   queues (only admins get show-all, checklist C-158); neither the dashboard (admin only, C-010) nor
 *   anything of the administration section;
 * - user: none.
 * Super users are a flag on top of a profile: they run the platform (companies, plans, helps,
 * announcements), which the guards check separately.
 */
import type { Profile } from './sign-in';

export const PERMISSION_ACTIONS = [
  'dashboard:view',
  'drawer-admin-items:view',
  'tickets-manager:showall',
  'ticket-options:deleteTicket',
  'contacts-page:deleteContact',
  'user-modal:editProfile',
  'user-modal:editQueues',
  'connections-page:addConnection',
  'connections-page:actionButtons',
  'connections-page:editOrDeleteConnection',
  'tags:editKanban',
  /** Ours: the administration section's writes (users, queues, settings, company work hours). */
  'company:administer',
] as const;

export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

const RULES: Readonly<Record<Profile, readonly PermissionAction[]>> = {
  admin: PERMISSION_ACTIONS,
  supervisor: ['tags:editKanban'],
  user: [],
};

/** Profiles compare case-insensitively (spec 1 §6). */
export function can(profile: string, action: PermissionAction): boolean {
  const key = profile.toLowerCase();
  // A profile outside the table (an old or forged value) may do nothing.
  return Object.hasOwn(RULES, key) && RULES[key as Profile].includes(action);
}
