import { EXTERNAL_BODY_WITH_TEMPLATE, ExternalSendBody } from '../../../shared/external-api';

const problems = (input: unknown) => (ExternalSendBody.safeParse(input).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('the external send body', () => {
  const template = { name: 'retomar_atendimento', language: 'pt_BR', variables: ['Maria'] };

  it('takes a text, or a template with the text absent or empty', () => {
    expect(ExternalSendBody.parse({ number: '5511999990000', body: 'Olá' })).toEqual({ number: '5511999990000', body: 'Olá', closeTicket: false });
    expect(ExternalSendBody.parse({ number: '5511999990000', template })).toEqual({ number: '5511999990000', template, closeTicket: false });
    expect(ExternalSendBody.parse({ number: '5511999990000', body: '', template, closeTicket: true })).toMatchObject({ template, closeTicket: true });
  });

  it('refuses neither a text nor a template, a blank text, and a text beside a template', () => {
    expect(problems({ number: '5511999990000' })).toEqual([['body', 'Required']]);
    expect(problems({ number: '5511999990000', body: '  \n' })).toEqual([['body', 'Required']]);
    expect(problems({ number: '5511999990000', body: 'Olá', template })).toEqual([['body', EXTERNAL_BODY_WITH_TEMPLATE]]);
  });

  it('refuses a malformed template on its field', () => {
    for (const bad of [{ name: 'Com Espaço', language: 'pt_BR' }, { name: 'ok', language: 'portugues' }, { name: 'ok', language: 'pt_BR', variables: [''] }, 'ok']) {
      expect(problems({ number: '5511999990000', template: bad })[0]?.[0]).toMatch(/^template/);
    }
  });
});
