/**
 * The template dialog's rules (issue 32): the variables a chosen template asks for (one per `{{n}}` of
 * its body, the first the contact's name, which is what most templates greet) and the request, checked
 * by the server's own schema so only what it would take is sent. The preview is
 * whatsapp-templates/template-display.ts templatePreview.
 */
import { countTemplateVariables, TemplateMessage, type WhatsAppTemplateDto } from '../../../../shared/whatsapp-cloud';

/** One value per variable of the body, the first prefilled with the contact's name. */
export function initialTemplateVariables(body: string, contactName: string): string[] {
  return Array.from({ length: countTemplateVariables(body) }, (_, index) => (index === 0 ? contactName.trim() : ''));
}

/** What POST /messages/{ticketId} takes for the template with these values; null while one is missing or invalid. */
export function templateMessageOf(template: Pick<WhatsAppTemplateDto, 'name' | 'language' | 'body'>, variables: readonly string[]): TemplateMessage | null {
  if (variables.length !== countTemplateVariables(template.body)) return null;
  const parsed = TemplateMessage.safeParse({ name: template.name, language: template.language, variables });
  return parsed.success ? parsed.data : null;
}
