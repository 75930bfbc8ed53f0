/**
 * A dropdown's options for a connection's templates, each labelled by its name and language: the
 * ticket's template dialog, the schedule form and the campaign form choose from the same list.
 */
import { Option } from '@fluentui/react-components';
import type { WhatsAppTemplateDto } from '../api/whatsapp-templates';
import { templateLabel } from './template-display';

export interface TemplateOptionsProps {
  readonly templates: readonly WhatsAppTemplateDto[];
  /** Each option's value: the template's id unless told (the campaign form keys them by name and language). */
  readonly valueFor?: (template: WhatsAppTemplateDto) => string;
}

export function TemplateOptions({ templates, valueFor = (template) => template.id }: TemplateOptionsProps) {
  return templates.map((template) => {
    const value = valueFor(template);
    const label = templateLabel(template);
    return (
      <Option key={value} value={value} text={label}>
        {label}
      </Option>
    );
  });
}
