/**
 * A ticket's messages (GET /messages/{ticketId}): cursor pages, newest first; and the requests on
 * messages: send a text or an uploaded file, send a Cloud API template, send files in a multipart POST,
 * ask for a presigned upload of a big file and store it there, delete a message.
 */
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { MediaUploadTicket, MediaUrlBody, MessageDto, MessagePage } from '../../../shared/messages';
import type { TemplateMessage } from '../../../shared/whatsapp-cloud';
import { useServices } from '../runtime/services';
import { ApiError, type ApiClient } from './client';

export type { MessagePage };

/** The conversation's cache: the pages read so far, each asked with the cursor of the one before. */
export type MessagePages = InfiniteData<MessagePage, string | null>;

export const messagesPath = (ticketId: string) => `/messages/${encodeURIComponent(ticketId)}`;
/** DELETE /messages/{messageId}: the same path's shape, named by the message. */
const messagePath = (messageId: string) => `/messages/${encodeURIComponent(messageId)}`;

export const messageKeys = {
  all: ['messages'] as const,
  ofTicket: (ticketId: string) => ['messages', ticketId] as const,
};

export function useMessagePages(ticketId: string) {
  const { api } = useServices();
  return useInfiniteQuery<MessagePage, Error, MessagePages, ReturnType<typeof messageKeys.ofTicket>, string | null>({
    queryKey: messageKeys.ofTicket(ticketId),
    queryFn: ({ pageParam, signal }) => getMessagePage(api, ticketId, { cursor: pageParam, signal }),
    initialPageParam: null,
    getNextPageParam: (last) => (last.hasMore && last.cursor !== null ? last.cursor : undefined),
    // Live events keep it current; a refetch would read (and mark read) every page again.
    staleTime: Infinity,
  });
}

/** One page of a ticket's messages: the newest without a cursor (reading it marks them read). */
export function getMessagePage(
  api: ApiClient,
  ticketId: string,
  { cursor = null, signal }: { readonly cursor?: string | null; readonly signal?: AbortSignal } = {},
): Promise<MessagePage> {
  return api.get<MessagePage>(messagesPath(ticketId), {
    ...(cursor !== null && { query: { cursor } }),
    ...(signal !== undefined && { signal }),
  });
}

/** The text of POST /messages/{ticketId}, or a file uploaded through a presigned URL (`mediaKey`) with its caption. */
export interface SendMessageRequest {
  readonly body: string;
  readonly quotedMsg: string | null;
  readonly mediaKey?: string;
}

export function sendMessage(api: ApiClient, ticketId: string, body: SendMessageRequest): Promise<MessageDto> {
  return api.post<MessageDto>(messagesPath(ticketId), body);
}

/**
 * An approved template of the ticket's Cloud API connection (issue 32), sent at any time, also outside
 * the 24-hour window; the answer is the message with the template's body filled in.
 */
export function sendTemplateMessage(api: ApiClient, ticketId: string, template: TemplateMessage): Promise<MessageDto> {
  return api.post<MessageDto>(messagesPath(ticketId), { template });
}

/** Files in one multipart POST /messages/{ticketId} (`medias`, with `body` and `quotedMsg`): a message each. */
export function sendMessageFiles(api: ApiClient, ticketId: string, form: FormData): Promise<MessageDto[]> {
  return api.upload<MessageDto[]>(messagesPath(ticketId), form);
}

/** POST /messages/{ticketId}/media-url: where to put a file too big for a multipart POST. */
export function requestMediaUpload(api: ApiClient, ticketId: string, file: MediaUrlBody): Promise<MediaUploadTicket> {
  return api.post<MediaUploadTicket>(`${messagesPath(ticketId)}/media-url`, file);
}

/**
 * Puts the file where the upload ticket says (the object store, not the API: no token goes with it);
 * a refusal is ERR_SENDING_WAPP_MSG, as a refused send is.
 */
export async function storeMediaUpload(upload: MediaUploadTicket, file: Blob): Promise<void> {
  const stored = await fetch(upload.url, { method: upload.method, headers: upload.headers, body: file });
  if (!stored.ok) throw new ApiError(stored.status, 'ERR_SENDING_WAPP_MSG');
}

/** DELETE /messages/{messageId}: answers the message as deleted. */
export function deleteMessage(api: ApiClient, messageId: string): Promise<MessageDto> {
  return api.delete<MessageDto>(messagePath(messageId));
}
