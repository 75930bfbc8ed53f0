/**
 * A Cloud API connection's message templates (issue 32): the ones Meta keeps for its WhatsApp Business
 * Account, read on an admin's request and stored per connection (repositories/whatsapp-templates.ts), so
 * an agent's picker and a template send read the table, never Meta.
 *
 * - listTemplates (GET /whatsapp/{id}/templates, any user of the company: agents pick them): what was
 *   last synced, with when.
 * - syncTemplates (POST /whatsapp/{id}/templates/sync, admins): `GET /{waba-id}/message_templates` with
 *   the fields we keep, 100 a page, following Meta's `after` cursor while it gives a next page, at most
 *   SYNC_PAGES_MAX pages; every page is read before anything is written, so a Graph failure answers
 *   ERR_WAPP_CLOUD_API and changes nothing. A template whose status or category we do not know, or
 *   without a body, is left out (logged).
 * - templateToSend (POST /messages/{ticketId} with `template`): the stored template of that name and
 *   language, APPROVED (else ERR_NO_TEMPLATE_FOUND), whose header takes no variable (we send body
 *   parameters only) and whose body takes exactly the variables given (else ERR_VALIDATION); answers the
 *   text stored and shown for it: the header, the filled body and the footer, a blank line apart.
 *
 * Only a `cloud` connection has templates: another is refused with ERR_VALIDATION on `provider` (it exists,
 * so ERR_NO_WAPP_FOUND would mislead); another company's id finds nothing (ERR_NO_WAPP_FOUND).
 */
import { z } from 'zod';
import {
  countTemplateVariables,
  fillTemplate,
  TEMPLATE_CATEGORIES,
  TEMPLATE_STATUSES,
  type TemplateListDto,
  type TemplateMessage,
  type WhatsAppTemplateDto,
} from '../../../shared/whatsapp-cloud';
import type { Caller } from '../caller/load-caller';
import { AppError } from '../errors';
import { logger } from '../logger';
import { getConnection, type Connection } from '../repositories/connections';
import { listTemplates as readTemplates, replaceTemplates } from '../repositories/whatsapp-templates';
import { GraphApiError, graphCall } from './graph-api';

/** The most pages a sync reads (100 templates each): far more than an account has. */
export const SYNC_PAGES_MAX = 20;

const FIELDS = 'name,language,status,category,components';

const GraphComponent = z.object({ type: z.string(), format: z.string().optional(), text: z.string().max(4096).optional() });
const GraphTemplate = z.object({
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(512),
  language: z.string().min(1).max(16),
  status: z.string(),
  category: z.string(),
  components: z.array(GraphComponent).max(20).default([]),
});
const GraphTemplatePage = z.object({
  data: z.array(z.unknown()).max(1000),
  paging: z.object({ cursors: z.object({ after: z.string().max(1024).optional() }).optional(), next: z.string().optional() }).optional(),
});

const notCloud = () => {
  const message = 'Only Cloud API connections have templates';
  return new AppError('ERR_VALIDATION', { message, fields: [{ path: 'provider', message }] });
};

async function cloudConnection(companyId: string, whatsappId: string): Promise<Connection> {
  const connection = await getConnection(companyId, whatsappId);
  if (!connection) throw new AppError('ERR_NO_WAPP_FOUND');
  if (connection.provider !== 'cloud') throw notCloud();
  return connection;
}

const byNameThenLanguage = (a: WhatsAppTemplateDto, b: WhatsAppTemplateDto) => a.name.localeCompare(b.name) || a.language.localeCompare(b.language);

export async function listTemplates(caller: Caller, whatsappId: string): Promise<TemplateListDto> {
  await cloudConnection(caller.companyId, whatsappId);
  const stored = await readTemplates(caller.companyId, whatsappId);
  return { records: stored.templates.sort(byNameThenLanguage), syncedAt: stored.syncedAt };
}

export async function syncTemplates(caller: Caller, whatsappId: string, now = new Date()): Promise<TemplateListDto> {
  const connection = await cloudConnection(caller.companyId, whatsappId);
  const { cloudBusinessAccountId: accountId, cloudAccessToken: token } = connection;
  if (!accountId || !token) throw new AppError('ERR_WAPP_CLOUD_API', { message: 'The connection has no Cloud API credentials' });

  const found = new Map<string, WhatsAppTemplateDto>();
  let after: string | undefined;
  for (let page = 0; page < SYNC_PAGES_MAX; page += 1) {
    const path = `/${accountId}/message_templates?fields=${FIELDS}&limit=100${after ? `&after=${encodeURIComponent(after)}` : ''}`;
    let answer: unknown;
    try {
      answer = await graphCall('cloud templates', token, path);
    } catch (error) {
      if (!(error instanceof GraphApiError)) throw error;
      logger.warn('cloud templates not read', { whatsappId, status: error.status, code: error.code, reason: error.reason });
      throw new AppError('ERR_WAPP_CLOUD_API', { message: error.reason });
    }
    const parsed = GraphTemplatePage.safeParse(answer);
    if (!parsed.success) throw new AppError('ERR_WAPP_CLOUD_API', { message: 'Unexpected answer from WhatsApp' });
    for (const item of parsed.data.data) {
      const template = templateOf(item);
      if (template) found.set(`${template.name}#${template.language}`, template);
    }
    after = parsed.data.paging?.next ? parsed.data.paging.cursors?.after : undefined;
    if (!after) break;
    if (page === SYNC_PAGES_MAX - 1) logger.warn('cloud templates beyond the pages read left out', { whatsappId, pages: SYNC_PAGES_MAX });
  }

  await replaceTemplates(caller.companyId, whatsappId, [...found.values()], now);
  return { records: [...found.values()].sort(byNameThenLanguage), syncedAt: now.toISOString() };
}

/** One of Meta's templates as we keep it; undefined (logged) for one we cannot show or send. */
export function templateOf(item: unknown): WhatsAppTemplateDto | undefined {
  const parsed = GraphTemplate.safeParse(item);
  const status = parsed.success ? TEMPLATE_STATUSES.find((known) => known === parsed.data.status) : undefined;
  const category = parsed.success ? TEMPLATE_CATEGORIES.find((known) => known === parsed.data.category) : undefined;
  const component = (type: string) => (parsed.success ? parsed.data.components.find((part) => part.type.toUpperCase() === type) : undefined);
  const body = component('BODY')?.text;
  if (!parsed.success || !status || !category || body === undefined) {
    logger.info('cloud template left out', { name: parsed.success ? parsed.data.name : undefined });
    return undefined;
  }
  const header = component('HEADER');
  return {
    id: parsed.data.id,
    name: parsed.data.name,
    language: parsed.data.language,
    status,
    category,
    header: header && (header.format ?? 'TEXT').toUpperCase() === 'TEXT' ? (header.text ?? null) : null,
    body,
    footer: component('FOOTER')?.text ?? null,
    variables: countTemplateVariables(body),
  };
}

const invalidTemplate = (path: string, message: string) => new AppError('ERR_VALIDATION', { message, fields: [{ path, message }] });

/** The template to send on the connection and the text stored for it (see the file's comment). */
export async function templateToSend(connection: Connection, message: TemplateMessage): Promise<{ readonly template: WhatsAppTemplateDto; readonly text: string }> {
  if (connection.provider !== 'cloud') throw invalidTemplate('template', 'Templates are sent only on Cloud API connections');
  const { templates } = await readTemplates(connection.companyId, connection.id);
  const template = templates.find((found) => found.name === message.name && found.language === message.language && found.status === 'APPROVED');
  if (!template) throw new AppError('ERR_NO_TEMPLATE_FOUND');
  if (template.header !== null && countTemplateVariables(template.header) > 0) throw invalidTemplate('template', 'Templates with header variables are not supported');
  if (message.variables.length !== template.variables) {
    throw invalidTemplate('template.variables', `The template takes ${template.variables} variable${template.variables === 1 ? '' : 's'}`);
  }
  const text = [template.header, fillTemplate(template.body, message.variables), template.footer].filter((part): part is string => part !== null && part !== '').join('\n\n');
  return { template, text };
}
