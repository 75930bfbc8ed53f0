/**
 * Connections (GET /whatsapp, spec 2 §7): one cached list read by the side menu's alert, the
 * connections page, the new-ticket modal and the transfer modal, kept current by the `whatsapp` and
 * `whatsappSession` events (`useConnectionEvents`, which the shell and the connections page both
 * mount: applying an event twice leaves the same list). The writes are requests the screens run in
 * their mutations, as in api/contacts.ts, so the shell's first load carries no mutation code.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
// Types only: the shared module's schemas (and zod) stay out of the shell's chunk.
import type { ConnectionDto, ConnectionProvider, ConnectionWithTokenDto } from '../../../shared/connections';
import type { CompanyChannels } from '../../../shared/realtime-events';
import type { ScheduleEntry } from '../../../shared/schedules';
import { useServices } from '../runtime/services';
import { useRealtimeEvent } from '../realtime/hooks';
import type { ApiClient } from './client';

export type { ConnectionDto, ConnectionWithTokenDto };

export const CONNECTIONS_PATH = '/whatsapp';
export const connectionPath = (whatsappId: string) => `${CONNECTIONS_PATH}/${encodeURIComponent(whatsappId)}`;
export const connectionTokenPath = (whatsappId: string) => `${connectionPath(whatsappId)}/token`;
export const sessionPath = (whatsappId: string) => `/whatsappsession/${encodeURIComponent(whatsappId)}`;
export const pairingCodePath = (whatsappId: string) => `${sessionPath(whatsappId)}/pairing-code`;

export const connectionKeys = {
  all: ['whatsapp'] as const,
};

export function useConnections(enabled = true) {
  const { api } = useServices();
  return useQuery({
    queryKey: connectionKeys.all,
    queryFn: ({ signal }) => api.get<ConnectionDto[]>(CONNECTIONS_PATH, { signal }),
    enabled,
  });
}

export type ConnectionEvent = CompanyChannels['whatsapp'] | CompanyChannels['whatsappSession'];

/**
 * The GET /whatsapp list after an event: a changed or new connection replaces its entry (it carries
 * the whole connection); a deleted one leaves.
 */
export function applyConnectionEvent(connections: readonly ConnectionDto[], event: ConnectionEvent): ConnectionDto[] {
  if (event.action === 'delete') return connections.filter((connection) => connection.id !== event.whatsappId);
  const changed = 'whatsapp' in event ? event.whatsapp : event.session;
  return connections.some((connection) => connection.id === changed.id)
    ? connections.map((connection) => (connection.id === changed.id ? changed : connection))
    : [...connections, changed];
}

/** Applies an event (or a mutation's answer, written as one) to the cached list, if it was loaded. */
export function applyConnectionEventToCache(queryClient: QueryClient, event: ConnectionEvent): void {
  queryClient.setQueryData<ConnectionDto[]>(connectionKeys.all, (list) => (list === undefined ? list : applyConnectionEvent(list, event)));
}

/** Keeps the cached list current from the company's connection events while mounted. */
export function useConnectionEvents(): void {
  const queryClient = useQueryClient();
  const apply = useCallback((event: ConnectionEvent) => applyConnectionEventToCache(queryClient, event), [queryClient]);
  useRealtimeEvent('whatsapp', apply);
  useRealtimeEvent('whatsappSession', apply);
}

/** The body of POST /whatsapp and PUT /whatsapp/{id} (shared/connections.ts checks it). */
export interface ConnectionBody {
  readonly name: string;
  readonly isDefault: boolean;
  readonly provider?: ConnectionProvider;
  readonly greetingMessage: string;
  readonly completionMessage: string;
  readonly outOfHoursMessage: string;
  readonly ratingMessage: string;
  readonly queueIds: readonly string[];
  readonly transferQueueId: string | null;
  readonly timeToTransfer: number | null;
  readonly expiresTicket: number;
  readonly expiresInactiveMessage: string;
  readonly timeUseBotQueues: number;
  readonly maxUseBotQueues: number;
  /** The campaign protections (null: no daily cap; empty: any time). */
  readonly campaignDailyLimit: number | null;
  readonly campaignSchedule: readonly Pick<ScheduleEntry, 'weekdayEn' | 'startTime' | 'endTime'>[];
  /** The AI prompt (null: none); absent: kept as stored. */
  readonly promptId?: string | null;
  /**
   * A Cloud API connection's credentials (shared/whatsapp-cloud.ts CloudConnectionFields): all four on a
   * creation; on an edit the token and the secret are write-only, and absent keeps the stored one.
   */
  readonly cloudPhoneNumberId?: string;
  readonly cloudBusinessAccountId?: string;
  readonly cloudAccessToken?: string;
  readonly cloudAppSecret?: string;
}

/** Creates a connection (the answer carries its API token, shown once). */
export function createConnection(api: ApiClient, body: ConnectionBody): Promise<ConnectionWithTokenDto> {
  return api.post<ConnectionWithTokenDto>(CONNECTIONS_PATH, body);
}

export function updateConnection(api: ApiClient, whatsappId: string, body: ConnectionBody): Promise<ConnectionDto> {
  return api.put<ConnectionDto>(connectionPath(whatsappId), body);
}

export function deleteConnection(api: ApiClient, whatsappId: string): Promise<void> {
  return api.delete<undefined>(connectionPath(whatsappId));
}

/** A new API token for the connection; the old one stops working. Shown once. */
export function rotateConnectionToken(api: ApiClient, whatsappId: string): Promise<ConnectionWithTokenDto> {
  return api.post<ConnectionWithTokenDto>(connectionTokenPath(whatsappId));
}

/**
 * The session buttons (spec 2 §7): start or try again (POST), a new QR code (PUT), disconnect (DELETE).
 * On a Cloud API connection, POST checks its credentials with Meta (CONNECTED or DISCONNECTED; a refusal
 * answers ERR_WAPP_CLOUD_API).
 */
export type SessionRequest = 'start' | 'newQr' | 'disconnect';

export function controlSession(api: ApiClient, whatsappId: string, request: SessionRequest): Promise<ConnectionDto> {
  const path = sessionPath(whatsappId);
  switch (request) {
    case 'start':
      return api.post<ConnectionDto>(path);
    case 'newQr':
      return api.put<ConnectionDto>(path);
    case 'disconnect':
      return api.delete<ConnectionDto>(path);
  }
}

/** Ours: link by phone number; the code arrives with the next `whatsappSession` event. */
export function requestPairingCode(api: ApiClient, whatsappId: string, number: string): Promise<ConnectionDto> {
  return api.post<ConnectionDto>(pairingCodePath(whatsappId), { number });
}
