/**
 * How a Cloud API message template shows (issue 32; shared/whatsapp-cloud.ts): its status's badge colour
 * (only APPROVED ones can be sent: green), its label, the order of a connection's list, and its body cut into text
 * and `{{n}}` placeholders, so a preview shows where the variables go.
 */
import { fillTemplate, type TemplateStatus, type WhatsAppTemplateDto } from '../../../shared/whatsapp-cloud';

/** A Fluent Badge colour. */
export type TemplateStatusColor = 'success' | 'warning' | 'danger' | 'informative';

/** Green: can be sent; amber: Meta is still deciding; red: refused or stopped by Meta; grey: on its way out or on hold. */
export function templateStatusColor(status: TemplateStatus): TemplateStatusColor {
  switch (status) {
    case 'APPROVED':
      return 'success';
    case 'PENDING':
    case 'IN_APPEAL':
      return 'warning';
    case 'REJECTED':
    case 'DISABLED':
    case 'LIMIT_EXCEEDED':
      return 'danger';
    case 'PAUSED':
    case 'PENDING_DELETION':
    case 'DELETED':
      return 'informative';
  }
}

/** How a template is named in a list to choose from: a name is Meta's key only with its language. */
export function templateLabel(template: { readonly name: string; readonly language: string }): string {
  return `${template.name} (${template.language})`;
}

/** A connection's templates by name, then language (Meta answers them in no promised order). */
export function sortedTemplates(templates: readonly WhatsAppTemplateDto[]): WhatsAppTemplateDto[] {
  return templates.toSorted((a, b) => a.name.localeCompare(b.name) || a.language.localeCompare(b.language));
}

/** The templates an agent may send: the APPROVED ones, in the list's order. */
export function sendableTemplates(templates: readonly WhatsAppTemplateDto[]): WhatsAppTemplateDto[] {
  return sortedTemplates(templates.filter((template) => template.status === 'APPROVED'));
}

export type BodyPart = { readonly kind: 'text'; readonly text: string } | { readonly kind: 'variable'; readonly text: string };

/** A body as text and `{{n}}` placeholders, in order, nothing left out: joined, the parts are the body. */
export function templateBodyParts(body: string): BodyPart[] {
  const parts: BodyPart[] = [];
  let from = 0;
  for (const match of body.matchAll(/\{\{\d+\}\}/g)) {
    if (match.index > from) parts.push({ kind: 'text', text: body.slice(from, match.index) });
    parts.push({ kind: 'variable', text: match[0] });
    from = match.index + match[0].length;
  }
  if (from < body.length) parts.push({ kind: 'text', text: body.slice(from) });
  return parts;
}

/** The body as it will go out with the values typed; a variable not yet typed shows as its `{{n}}`. */
export function templatePreview(body: string, variables: readonly string[]): string {
  return fillTemplate(
    body,
    variables.map((value, index) => (value.trim() === '' ? `{{${index + 1}}}` : value)),
  );
}
