/**
 * Connections (GET /whatsapp): one cached list read by the side menu's alert, the new-ticket modal and
 * the transfer modal, kept current by the `whatsapp` and `whatsappSession` events (see the shell's
 * use-connection-alert.ts).
 */
import { useQuery } from '@tanstack/react-query';
import type { ConnectionDto } from '../../../shared/connections';
import { useServices } from '../app/services';

export type { ConnectionDto };

export const CONNECTIONS_PATH = '/whatsapp';

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
