/**
 * Sending from the conversation (spec 1 §2.6, §7): text (JSON, with the quoted message's id), files in
 * multipart POSTs, and big files through a presigned upload then a POST with their key. Every message
 * the API answers goes into the conversation's cache at once; its realtime event later finds it there.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { MediaUploadTicket, MessageDto } from '../../../../shared/messages';
import { ApiError } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useServices } from '../../app/services';
import { upsertMessages, type MessagePages } from './message-cache';
import { messagesPath } from '../../api/messages';
import { planUploads, uploadMimeType } from './upload-plan';

export interface SendOptions {
  readonly body: string;
  readonly quotedMsg: string | null;
}

export function useSendMessages(ticketId: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();

  const remember = useCallback(
    (messages: readonly MessageDto[]) =>
      queryClient.setQueryData<MessagePages>(queryKeys.messages.ofTicket(ticketId), (data) => upsertMessages(data, messages)),
    [queryClient, ticketId],
  );

  const sendText = useCallback(
    async ({ body, quotedMsg }: SendOptions) => {
      remember([await api.post<MessageDto>(messagesPath(ticketId), { body, quotedMsg })]);
    },
    [api, remember, ticketId],
  );

  /** Sends the files; the caption and the quote go with the first message. Answers the files refused as too large. */
  const sendFiles = useCallback(
    async (files: readonly File[], { body, quotedMsg }: SendOptions): Promise<File[]> => {
      const plan = planUploads(files);
      let caption: SendOptions | null = { body, quotedMsg };
      const takeCaption = (): SendOptions => {
        const current = caption ?? { body: '', quotedMsg: null };
        caption = null;
        return current;
      };

      for (const batch of plan.multipartBatches) {
        const form = new FormData();
        const { body: text, quotedMsg: quoted } = takeCaption();
        for (const file of batch) form.append('medias', file, file.name);
        form.append('body', text);
        if (quoted !== null) form.append('quotedMsg', quoted);
        remember(await api.upload<MessageDto[]>(messagesPath(ticketId), form));
      }

      for (const file of plan.presigned) {
        const mimeType = uploadMimeType(file.type);
        const upload = await api.post<MediaUploadTicket>(`${messagesPath(ticketId)}/media-url`, { fileName: file.name, mimeType, size: file.size });
        const stored = await fetch(upload.url, { method: upload.method, headers: upload.headers, body: file });
        if (!stored.ok) throw new ApiError(stored.status, 'ERR_SENDING_WAPP_MSG');
        const { body: text, quotedMsg: quoted } = takeCaption();
        remember([await api.post<MessageDto>(messagesPath(ticketId), { mediaKey: upload.key, body: text, quotedMsg: quoted })]);
      }
      return [...plan.tooLarge];
    },
    [api, remember, ticketId],
  );

  return { sendText, sendFiles };
}
