/**
 * A Cloud API template as Meta lists it (`GET /{waba-id}/message_templates`) becomes what we keep and show
 * (core/whatsapp-cloud/templates.ts templateOf): its text parts and how many variables its body takes;
 * one we could neither show nor send is left out.
 */
import { templateOf } from '../../../functions/core/whatsapp-cloud/templates';

const meta = (extra: Record<string, unknown> = {}) => ({
  id: '1234567890',
  name: 'retomar_atendimento',
  language: 'pt_BR',
  status: 'APPROVED',
  category: 'UTILITY',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Atende' },
    { type: 'BODY', text: 'Olá {{1}}, seu pedido {{2}} saiu. {{1}}, obrigado!' },
    { type: 'FOOTER', text: 'Responda SAIR para sair' },
    { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Ok' }] },
  ],
  ...extra,
});

describe("a template from Meta's list", () => {
  it('keeps its text parts, and counts the variables by the highest placeholder of the body', () => {
    expect(templateOf(meta())).toEqual({
      id: '1234567890',
      name: 'retomar_atendimento',
      language: 'pt_BR',
      status: 'APPROVED',
      category: 'UTILITY',
      header: 'Atende',
      body: 'Olá {{1}}, seu pedido {{2}} saiu. {{1}}, obrigado!',
      footer: 'Responda SAIR para sair',
      variables: 2,
    });
  });

  it('has no header text when its header is a file, and no footer when it has none', () => {
    const template = templateOf(meta({ components: [{ type: 'HEADER', format: 'IMAGE' }, { type: 'BODY', text: 'Sem variáveis' }] }));
    expect(template).toMatchObject({ header: null, footer: null, body: 'Sem variáveis', variables: 0 });
  });

  it('is left out without a body, with a status or category we do not know, or malformed', () => {
    expect(templateOf(meta({ components: [{ type: 'HEADER', format: 'TEXT', text: 'Só cabeçalho' }] }))).toBeUndefined();
    expect(templateOf(meta({ status: 'SOMETHING_NEW' }))).toBeUndefined();
    expect(templateOf(meta({ category: 'OTHER' }))).toBeUndefined();
    expect(templateOf({ name: 'sem_id' })).toBeUndefined();
    expect(templateOf('texto')).toBeUndefined();
  });
});
