/**
 * A Cloud API campaign's template filled for one recipient (issue 32): each variable is a text with the
 * campaign's own placeholders ({nome}, {numero}, {email}, the company's custom variables), filled per
 * recipient; one that comes out empty makes the template unsendable to that recipient.
 */
import { CampaignBody, fillCampaignTemplate } from '../../../shared/campaigns';

const template = { name: 'oferta_mensal', language: 'pt_BR', variables: ['{nome}', 'na {loja}, válida até {prazo}', 'texto fixo'] };
const ana = { name: 'Ana', number: '5511955550001', email: 'ana@example.com' };
const custom = [
  { key: 'loja', value: 'Loja Centro' },
  { key: 'prazo', value: 'domingo' },
];

describe('fillCampaignTemplate', () => {
  it("fills each variable with the recipient's values and the company's custom variables, keeping name and language", () => {
    expect(fillCampaignTemplate(template, ana, custom)).toEqual({
      name: 'oferta_mensal',
      language: 'pt_BR',
      variables: ['Ana', 'na Loja Centro, válida até domingo', 'texto fixo'],
    });
  });

  it('fills each recipient with their own values, the template as saved left unchanged', () => {
    const bruno = fillCampaignTemplate(template, { name: 'Bruno', number: '5511955550002', email: '' }, custom);

    expect(bruno?.variables[0]).toBe('Bruno');
    expect(template.variables[0]).toBe('{nome}');
  });

  it('takes the number and the e-mail, case aside, and leaves an unknown name in braces as written', () => {
    const filled = fillCampaignTemplate({ ...template, variables: ['{NUMERO}', '{Email}', '{cupom}'] }, ana, []);

    expect(filled?.variables).toEqual(['5511955550001', 'ana@example.com', '{cupom}']);
  });

  it('answers undefined when a variable comes out empty for the recipient (Meta refuses an empty parameter)', () => {
    const withEmail = { ...template, variables: ['{nome}', ' {email} '] };

    expect(fillCampaignTemplate(withEmail, { ...ana, email: '' }, [])).toBeUndefined();
    expect(fillCampaignTemplate(withEmail, ana, [])?.variables).toEqual(['Ana', 'ana@example.com']);
  });

  it('answers a template without variables as it is', () => {
    expect(fillCampaignTemplate({ name: 'aviso', language: 'en_US', variables: [] }, ana, custom)).toEqual({ name: 'aviso', language: 'en_US', variables: [] });
  });
});

describe("CampaignBody's template", () => {
  it('is null when left out or sent as null, and takes a template with placeholders in its variables', () => {
    expect(CampaignBody.parse({ name: 'Sem modelo' }).template).toBeNull();
    expect(CampaignBody.parse({ name: 'Sem modelo', template: null }).template).toBeNull();
    expect(CampaignBody.parse({ name: 'Com modelo', template: { name: 'oferta_mensal', language: 'pt_BR', variables: ['{nome}'] } }).template).toEqual({
      name: 'oferta_mensal',
      language: 'pt_BR',
      variables: ['{nome}'],
    });
  });

  it('refuses a template with a bad name or an empty variable', () => {
    expect(CampaignBody.safeParse({ name: 'Ruim', template: { name: 'Com Espaço', language: 'pt_BR' } }).success).toBe(false);
    expect(CampaignBody.safeParse({ name: 'Ruim', template: { name: 'ok', language: 'pt_BR', variables: [' '] } }).success).toBe(false);
  });
});
