/**
 * The ticket of the route /tickets/{ref}: `ref` is the ticket's uuid (spec 1 §2.1, the links the app
 * makes) or its id (older links, notifications). A uuid is resolved to the id the conversation works
 * with: from the loaded lists when the ticket is there, else by GET /tickets/u/{uuid}. A ticket the
 * user may not open ('Acesso não permitido', spec 1 §4.1) or that does not exist sends them back to
 * /tickets with the reason, whichever way the route names it.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { getTicket, getTicketByUuid } from '../api/tickets';
import { TICKETS_PATH } from '../runtime/paths';
import { useServices } from '../runtime/services';
import { useToast } from '../feedback/toast';
import { useTexts } from '../i18n/texts';
import { ticketsTexts } from './texts';
import { cachedTicket, shareTicket } from './ticket-cache';
import { isTicketUuid } from './ticket-lists';

/** Answers that mean the route's ticket cannot be shown to this user at all. */
const GONE = new Set(['ERR_NO_PERMISSION', 'ERR_NO_TICKET_FOUND']);

export function useRouteTicketId(reference: string | undefined): string | undefined {
  const { api } = useServices();
  const client = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const texts = useTexts(ticketsTexts).page;
  const uuid = reference !== undefined && isTicketUuid(reference) ? reference : undefined;
  const id = reference !== undefined && uuid === undefined ? reference : undefined;

  const byUuid = useQuery({
    queryKey: queryKeys.tickets.byUuid(uuid ?? ''),
    queryFn: ({ signal }) => getTicketByUuid(api, uuid ?? '', signal),
    initialData: () => (uuid === undefined ? undefined : cachedTicket(client, uuid)),
    enabled: uuid !== undefined,
    staleTime: 30_000,
    retry: false,
    structuralSharing: shareTicket,
  });
  // The conversation reads the same query (same key and call), so this costs no second request; it
  // is here to send the user back when the ticket is not theirs to open.
  const byId = useQuery({
    queryKey: queryKeys.tickets.one(id ?? ''),
    queryFn: ({ signal }) => getTicket(api, id ?? '', signal),
    enabled: id !== undefined,
    retry: false,
    structuralSharing: shareTicket,
  });

  const error = uuid !== undefined ? byUuid.error : id !== undefined ? byId.error : null;
  useEffect(() => {
    if (error === null) return;
    const code = error instanceof ApiError ? error.code : undefined;
    // Without a uuid resolved there is nothing to show; an id's other failures are the conversation's to show.
    if (uuid === undefined && (code === undefined || !GONE.has(code))) return;
    if (code === 'ERR_NO_PERMISSION') toast.error(texts.accessDenied);
    else toast.error(error);
    void navigate(TICKETS_PATH, { replace: true });
  }, [uuid, error, toast, texts.accessDenied, navigate]);

  if (uuid !== undefined) return byUuid.data?.id;
  return id;
}
