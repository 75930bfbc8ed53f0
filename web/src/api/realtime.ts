/** The socket ticket (POST /realtime/ticket): the single-use pass a WebSocket opens with (docs/architecture.md §6). */
import type { ApiClient } from './client';

export const SOCKET_TICKET_PATH = '/realtime/ticket';

export async function requestSocketTicket(api: ApiClient): Promise<string> {
  return (await api.post<{ ticket: string }>(SOCKET_TICKET_PATH)).ticket;
}
