/**
 * The message templates of a Cloud API connection (issue 32; shared/whatsapp-cloud.ts): the list as last
 * synced from Meta (GET /whatsapp/{id}/templates) and the sync that reads Meta again (POST
 * /whatsapp/{id}/templates/sync, admins), which answers the same list. The templates page and the
 * ticket's template dialog read the same cached list, so a sync on one shows on the other.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
// Types only: the shared module's schemas (and zod) stay out of the chunks that read these keys.
import type { TemplateListDto, WhatsAppTemplateDto } from '../../../shared/whatsapp-cloud';
import { useServices } from '../runtime/services';
import type { ApiClient } from './client';
import { connectionPath } from './connections';

export type { TemplateListDto, WhatsAppTemplateDto };

export const whatsappTemplatesPath = (whatsappId: string) => `${connectionPath(whatsappId)}/templates`;
export const whatsappTemplatesSyncPath = (whatsappId: string) => `${whatsappTemplatesPath(whatsappId)}/sync`;

export const whatsappTemplateKeys = {
  all: ['whatsappTemplates'] as const,
  ofConnection: (whatsappId: string) => ['whatsappTemplates', whatsappId] as const,
};

/** A connection's templates as last synced; `enabled` false until they are needed (a dialog not yet open). */
export function useWhatsAppTemplates(whatsappId: string, enabled = true) {
  const { api } = useServices();
  return useQuery({
    queryKey: whatsappTemplateKeys.ofConnection(whatsappId),
    queryFn: ({ signal }) => api.get<TemplateListDto>(whatsappTemplatesPath(whatsappId), { signal }),
    enabled: enabled && whatsappId !== '',
  });
}

/** Reads the templates from Meta again (ERR_WAPP_CLOUD_API when Meta refuses or does not answer). */
export function syncWhatsAppTemplates(api: ApiClient, whatsappId: string): Promise<TemplateListDto> {
  return api.post<TemplateListDto>(whatsappTemplatesSyncPath(whatsappId));
}

/** Puts a sync's answer in the cache, so every screen showing the connection's templates shows it at once. */
export function rememberWhatsAppTemplates(queryClient: QueryClient, whatsappId: string, list: TemplateListDto): void {
  queryClient.setQueryData(whatsappTemplateKeys.ofConnection(whatsappId), list);
}
