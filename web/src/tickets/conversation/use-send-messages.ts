/**
 * Sending from the conversation (spec 1 §2.6, §7): text (JSON, with the quoted message's id), an
 * approved template of a Cloud API connection (issue 32), files
 * with their captions in multipart POSTs, and big files through a presigned upload then a POST with
 * their key (upload-plan.ts). Every message the API answers goes into the conversation's cache at once;
 * its realtime event later finds it there.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { MessageDto } from '../../../../shared/messages';
import type { TemplateMessage } from '../../../../shared/whatsapp-cloud';
import { queryKeys } from '../../api/query-keys';
import { useServices } from '../../runtime/services';
import { upsertMessages, type MessagePages } from './message-cache';
import { requestMediaUpload, sendMessage, sendMessageFiles, sendTemplateMessage, storeMediaUpload } from '../../api/messages';
import { planUploads, uploadMimeType, type CaptionedFile } from './upload-plan';

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
      remember([await sendMessage(api, ticketId, { body, quotedMsg })]);
    },
    [api, remember, ticketId],
  );

  const sendTemplate = useCallback(
    async (template: TemplateMessage) => {
      remember([await sendTemplateMessage(api, ticketId, template)]);
    },
    [api, remember, ticketId],
  );

  /**
   * Sends the files in order, each with its caption as its body, the quote with the first; `onSent`
   * hears each POST's files once they are sent. Answers the files refused as too large.
   */
  const sendFiles = useCallback(
    async (files: readonly CaptionedFile<File>[], quotedMsg: string | null, onSent?: (sent: readonly File[]) => void): Promise<File[]> => {
      const plan = planUploads(files, quotedMsg);
      for (const step of plan.steps) {
        if (step.kind === 'multipart') {
          const form = new FormData();
          for (const file of step.files) form.append('medias', file, file.name);
          form.append('body', step.body);
          if (step.quotedMsg !== null) form.append('quotedMsg', step.quotedMsg);
          remember(await sendMessageFiles(api, ticketId, form));
          onSent?.(step.files);
          continue;
        }
        const { file } = step;
        const mimeType = uploadMimeType(file.type);
        const upload = await requestMediaUpload(api, ticketId, { fileName: file.name, mimeType, size: file.size });
        await storeMediaUpload(upload, file);
        remember([await sendMessage(api, ticketId, { mediaKey: upload.key, body: step.body, quotedMsg: step.quotedMsg })]);
        onSent?.([file]);
      }
      return [...plan.tooLarge];
    },
    [api, remember, ticketId],
  );

  return { sendText, sendTemplate, sendFiles };
}
