/** The template dialog's variables (issue 32): one per placeholder, the contact's name first, the preview and what is sent. */
import { initialTemplateVariables, templateMessageOf } from '../../../../web/src/tickets/conversation/template-send';
import { templatePreview } from '../../../../web/src/whatsapp-templates/template-display';

const template = { name: 'pedido_enviado', language: 'pt_BR', body: 'Olá {{1}}, seu pedido {{2}} saiu em {{3}}. Até logo, {{1}}!' };

describe('the template dialog', () => {
  test('asks one value per placeholder, up to the highest, the first prefilled with the contact’s name', () => {
    expect(initialTemplateVariables(template.body, ' Maria Silva ')).toEqual(['Maria Silva', '', '']);
    expect(initialTemplateVariables('Seu código chegou.', 'Maria')).toEqual([]);
  });

  test('previews the message with what was typed, a value not yet typed showing as its placeholder', () => {
    expect(templatePreview(template.body, ['Maria', '', ' '])).toBe('Olá Maria, seu pedido {{2}} saiu em {{3}}. Até logo, Maria!');
    expect(templatePreview(template.body, ['Maria', '#123', 'hoje'])).toBe('Olá Maria, seu pedido #123 saiu em hoje. Até logo, Maria!');
  });

  test('sends the template by name and language with its values trimmed, once every one is filled', () => {
    expect(templateMessageOf(template, ['Maria', ' #123 ', 'hoje'])).toEqual({ name: 'pedido_enviado', language: 'pt_BR', variables: ['Maria', '#123', 'hoje'] });
  });

  test('sends nothing while a value is empty, or when the values do not match the placeholders', () => {
    expect(templateMessageOf(template, ['Maria', '', 'hoje'])).toBeNull();
    expect(templateMessageOf(template, ['Maria', '   ', 'hoje'])).toBeNull();
    expect(templateMessageOf(template, ['Maria', '#123'])).toBeNull();
  });

  test('sends a template without placeholders with no values', () => {
    expect(templateMessageOf({ ...template, body: 'Seu código chegou.' }, [])).toEqual({ name: 'pedido_enviado', language: 'pt_BR', variables: [] });
  });

  test('refuses a value longer than the server takes', () => {
    expect(templateMessageOf({ ...template, body: 'Olá {{1}}' }, ['x'.repeat(1025)])).toBeNull();
  });
});
