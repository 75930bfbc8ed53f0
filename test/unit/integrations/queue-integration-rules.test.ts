import { QueueIntegrationBody, QueueIntegrationTestBody, OFFERED_QUEUE_INTEGRATION_TYPES, QUEUE_INTEGRATION_TYPES } from '../../../shared/queue-integrations';

const messages = (input: unknown): Record<string, string> => {
  const parsed = QueueIntegrationBody.safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

const SERVICE_ACCOUNT = JSON.stringify({
  type: 'service_account',
  client_email: 'bot@projeto-teste.iam.gserviceaccount.com',
  private_key: '-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----\n',
});

describe('a queue integration body (spec 3 §5, §9)', () => {
  it('offers every type of the spec: each works end to end', () => {
    expect(OFFERED_QUEUE_INTEGRATION_TYPES).toEqual(QUEUE_INTEGRATION_TYPES);
  });

  it('fills the typebot defaults and empties what was not sent', () => {
    expect(QueueIntegrationBody.parse({ type: 'typebot', name: 'Bot', urlN8N: 'https://typebot.io', typebotSlug: 'meu-bot' })).toEqual({
      type: 'typebot',
      name: 'Bot',
      projectName: '',
      jsonContent: '',
      language: null,
      urlN8N: 'https://typebot.io',
      typebotSlug: 'meu-bot',
      typebotExpires: 1,
      typebotDelayMessage: 1000,
      typebotKeywordFinish: '',
      typebotKeywordRestart: '',
      typebotUnknownMessage: '',
      typebotRestartMessage: '',
    });
    // A cleared number field (the form sends '' or null) takes the default; a numeric text is read.
    expect(QueueIntegrationBody.parse({ type: 'typebot', name: 'Bot', urlN8N: 'https://t.io', typebotSlug: 'b', typebotDelayMessage: '', typebotExpires: '5' })).toMatchObject({
      typebotDelayMessage: 1000,
      typebotExpires: 5,
    });
  });

  it('asks each type for its own fields', () => {
    expect(messages({ type: 'n8n', name: 'Fluxo' })).toEqual({ urlN8N: 'Required' });
    expect(messages({ type: 'webhook', name: 'Hook', urlN8N: 'javascript:alert(1)' })).toEqual({ urlN8N: 'Invalid URL' });
    expect(messages({ type: 'webhook', name: 'Hook', urlN8N: 'https://user:pw@hooks.example.com/' })).toEqual({ urlN8N: 'Invalid URL' });
    expect(messages({ type: 'typebot', name: 'Bot', urlN8N: 'https://t.io' })).toEqual({ typebotSlug: 'Required' });
    expect(messages({ type: 'typebot', name: 'Bot', urlN8N: 'https://t.io', typebotSlug: '../admin' })).toEqual({ typebotSlug: 'Invalid slug' });
    expect(messages({ type: 'dialogflow', name: 'Agente', projectName: 'projeto-teste', jsonContent: SERVICE_ACCOUNT })).toEqual({ language: 'Required' });
    expect(messages({ type: 'dialogflow', name: 'Agente', language: 'pt-BR', jsonContent: SERVICE_ACCOUNT })).toEqual({ projectName: 'Required' });
    expect(messages({ type: 'dialogflow', name: 'Agente', language: 'pt-BR', projectName: 'Projeto X' })).toEqual({ projectName: 'Invalid project id' });
    expect(messages({ type: 'dialogflow', name: 'Agente', language: 'fr', projectName: 'projeto-teste' })).toEqual({ language: 'Invalid language' });
    expect(messages({ type: 'dialogflow', name: 'Agente', language: 'en', projectName: 'projeto-teste', jsonContent: '{"type":"service_account"}' })).toEqual({
      jsonContent: 'Invalid service account JSON',
    });
    // Without a service account the body passes: a PUT keeps the stored one (the use case requires one).
    expect(messages({ type: 'dialogflow', name: 'Agente', language: 'es', projectName: 'projeto-teste' })).toEqual({});
  });

  it('checks the name as the spec says, whatever the type', () => {
    expect(messages({ type: 'n8n', urlN8N: 'https://n8n.io/x' })).toEqual({ name: 'Required' });
    expect(messages({ type: 'n8n', name: '  a ', urlN8N: 'https://n8n.io/x' })).toEqual({ name: 'Too Short!' });
    expect(messages({ type: 'n8n', name: 'n'.repeat(51), urlN8N: 'https://n8n.io/x' })).toEqual({ name: 'Too Long!' });
    expect(messages({ name: 'Sem tipo' })).toMatchObject({ type: 'Required' });
  });

  it('bounds the typebot numbers', () => {
    expect(messages({ type: 'typebot', name: 'Bot', urlN8N: 'https://t.io', typebotSlug: 'b', typebotDelayMessage: 5001, typebotExpires: -1 })).toEqual({
      typebotDelayMessage: 'Must be 5000 or less',
      typebotExpires: 'Must be 0 or more',
    });
  });

  it('tests a session with a service account, or with a stored integration named by id', () => {
    expect(QueueIntegrationTestBody.safeParse({ projectName: 'projeto-teste', language: 'pt-BR', jsonContent: SERVICE_ACCOUNT }).success).toBe(true);
    expect(QueueIntegrationTestBody.safeParse({ id: '01JZ0000000000000000000000', projectName: 'projeto-teste', language: 'pt-BR' }).success).toBe(true);
    expect(QueueIntegrationTestBody.safeParse({ projectName: 'projeto-teste', language: 'pt-BR' }).success).toBe(false);
  });
});
