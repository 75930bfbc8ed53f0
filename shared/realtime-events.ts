/**
 * The realtime event catalogue (DESIGN.md §6): every channel the server publishes, with its payload.
 * Backend and web both import it, so an event name can never differ between the two. Frames are
 * `{ "event": "company-<companyId>-<channel>", "data": ... }`, or `{ "event": "company-announcement", ... }`
 * for the platform-wide channel.
 */
import type { Setting } from './settings';

export interface CompanyChannels {
  /** The user signed in elsewhere: the earlier sessions show 'Sua conta foi acessada em outro computador.' */
  auth: { readonly action: 'update'; readonly user: { readonly id: string }; readonly session: string };
  settings: { readonly action: 'update'; readonly setting: Setting };
  user:
    | { readonly action: 'create' | 'update'; readonly user: Readonly<Record<string, unknown>> & { readonly id: string } }
    | { readonly action: 'delete'; readonly userId: string };
  queue:
    | { readonly action: 'create' | 'update'; readonly queue: Readonly<Record<string, unknown>> & { readonly id: string } }
    | { readonly action: 'delete'; readonly queueId: string };
}

export type CompanyChannel = keyof CompanyChannels;

export interface GlobalChannels {
  'company-announcement':
    | { readonly action: 'create' | 'update'; readonly record: Readonly<Record<string, unknown>> & { readonly id: string } }
    | { readonly action: 'delete'; readonly id: string };
}

export type GlobalChannel = keyof GlobalChannels;

export const companyEventName = (companyId: string, channel: CompanyChannel): string => `company-${companyId}-${channel}`;

export interface RealtimeFrame<T = unknown> {
  readonly event: string;
  readonly data: T;
}

/** API Gateway's WebSocket frame limit; bigger changes are announced, and the client refetches. */
export const MAX_FRAME_BYTES = 32 * 1024;
