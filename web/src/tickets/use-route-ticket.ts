/**
 * The ticket of the route /tickets/{ref}: `ref` is the ticket's uuid (spec 1 §2.1, the links the app
 * makes) or its id (older links, notifications). A uuid is resolved to the id the conversation works
 * with: from the loaded lists when the ticket is there, else by GET /tickets/u/{uuid}. A ticket the
 * user may not open ('Acesso não permitido', spec 1 §4.1) or that does not exist sends them back to
 * /tickets with the reason.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { TicketDto } from '../../../shared/tickets';
import { ApiError } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { TICKETS_PATH } from '../app/pages';
import { useServices } from '../app/services';
import { useToast } from '../feedback/toast';
import { useTexts } from '../i18n/texts';
import { ticketsTexts } from './texts';
import { cachedTicket } from './ticket-cache';
import { isTicketUuid } from './ticket-lists';

export function useRouteTicketId(reference: string | undefined): string | undefined {
  const { api } = useServices();
  const client = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const texts = useTexts(ticketsTexts).page;
  const uuid = reference !== undefined && isTicketUuid(reference) ? reference : undefined;

  const resolved = useQuery({
    queryKey: queryKeys.tickets.byUuid(uuid ?? ''),
    queryFn: ({ signal }) => api.get<TicketDto>(`/tickets/u/${encodeURIComponent(uuid ?? '')}`, { signal }),
    initialData: () => (uuid === undefined ? undefined : cachedTicket(client, uuid)),
    enabled: uuid !== undefined,
    staleTime: 30_000,
    retry: false,
  });

  const { error } = resolved;
  useEffect(() => {
    if (uuid === undefined || error === null) return;
    if (error instanceof ApiError && error.code === 'ERR_NO_PERMISSION') toast.error(texts.accessDenied);
    else toast.error(error);
    void navigate(TICKETS_PATH, { replace: true });
  }, [uuid, error, toast, texts.accessDenied, navigate]);

  if (reference === undefined) return undefined;
  if (uuid === undefined) return reference;
  return resolved.data?.id;
}
