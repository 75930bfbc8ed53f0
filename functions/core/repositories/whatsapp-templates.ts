/**
 * A Cloud API connection's message templates as last read from Meta (issue 32): one partition per
 * connection (keys.ts whatsappTemplate), one item per template and one item with the sync's time, so the
 * list is one Query. A sync replaces the set: it writes what Meta answered and deletes what Meta no
 * longer has. The set is not swapped atomically: a list read during a sync may see part of both (the
 * next read is whole), which costs far less than a generation scheme for a list that changes rarely.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { WhatsAppTemplateDto } from '../../../shared/whatsapp-cloud';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { batchWriteAll, fromItem, queryAll, table } from './table';

export interface StoredTemplates {
  readonly templates: WhatsAppTemplateDto[];
  /** When they were last synced; null: never. */
  readonly syncedAt: string | null;
}

const templateItem = (companyId: string, whatsappId: string, template: WhatsAppTemplateDto) => ({
  ...keys.whatsappTemplate(companyId, whatsappId, template.name, template.language),
  entity: 'whatsappTemplate',
  ...template,
});

/** The connection's templates by name then language, with the last sync's time (strongly read after a sync). */
export async function listTemplates(companyId: string, whatsappId: string, consistent = false): Promise<StoredTemplates> {
  const partition = keys.whatsappTemplateSync(companyId, whatsappId).PK;
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': partition },
    ConsistentRead: consistent,
  });
  const sync = items.find((item) => item.SK === 'SYNC');
  const templates = items.filter((item) => item.entity === 'whatsappTemplate').map((item) => fromItem<WhatsAppTemplateDto>(item));
  return { templates, syncedAt: typeof sync?.syncedAt === 'string' ? sync.syncedAt : null };
}

/** Replaces the connection's templates with `templates` (as Meta answered them) and records the sync's time. */
export async function replaceTemplates(companyId: string, whatsappId: string, templates: readonly WhatsAppTemplateDto[], now: Date): Promise<void> {
  const before = await listTemplates(companyId, whatsappId, true);
  const kept = new Set(templates.map((template) => `${template.name}#${template.language}`));
  await batchWriteAll([
    ...templates.map((template) => ({ PutRequest: { Item: templateItem(companyId, whatsappId, template) } })),
    ...before.templates
      .filter((template) => !kept.has(`${template.name}#${template.language}`))
      .map((template) => ({ DeleteRequest: { Key: keys.whatsappTemplate(companyId, whatsappId, template.name, template.language) } })),
  ]);
  await dynamo().send(
    new PutCommand({ TableName: table(), Item: { ...keys.whatsappTemplateSync(companyId, whatsappId), entity: 'whatsappTemplateSync', syncedAt: now.toISOString() } }),
  );
}
