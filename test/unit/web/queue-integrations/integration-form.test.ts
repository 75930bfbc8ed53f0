/**
 * The integration dialog without React (spec 3 §5, §9): a new integration's defaults (typebot, delay 1000,
 * expiry 1), the fields each type shows, the body it sends (the chosen type's fields, the others empty),
 * the spec's rules per type from the server's own schema, a service account required on a new Dialogflow
 * integration and kept on an edit, and the messages' translations.
 */
import {
  OFFERED_QUEUE_INTEGRATION_TYPES,
  QUEUE_INTEGRATION_TYPES,
  type QueueIntegration,
} from '../../../../shared/queue-integrations';
import { schemaFieldMessages } from '../../../../web/src/components/use-schema-form';
import { LANGUAGES } from '../../../../web/src/i18n/language';
import { format, textsIn } from '../../../../web/src/i18n/texts';
import {
  emptyIntegrationForm,
  fieldsOfType,
  integrationFieldMessage,
  integrationFormBody,
  integrationFormOf,
  integrationFormSchema,
  type IntegrationFormValues,
} from '../../../../web/src/queue-integrations/integration-form';
import { LOGO_LETTERS } from '../../../../web/src/queue-integrations/IntegrationLogo';
import { queueIntegrationsTexts } from '../../../../web/src/queue-integrations/texts';

const SERVICE_ACCOUNT = JSON.stringify({
  type: 'service_account',
  client_email: 'bot@projeto-atende.iam.gserviceaccount.com',
  private_key: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n',
});

const stored: QueueIntegration = {
  id: '01J00000000000000000000I01',
  type: 'dialogflow',
  name: 'Agente',
  projectName: 'projeto-atende',
  jsonContent: null,
  hasJsonContent: true,
  serviceAccount: 'bot@projeto-atende.iam.gserviceaccount.com',
  language: 'pt-BR',
  urlN8N: '',
  typebotSlug: '',
  typebotExpires: 1,
  typebotDelayMessage: 1000,
  typebotKeywordFinish: '',
  typebotKeywordRestart: '',
  typebotUnknownMessage: '',
  typebotRestartMessage: '',
  hasSecret: false,
  companyId: 'C1',
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
};

const messagesOf = (values: IntegrationFormValues, storedServiceAccount = false) =>
  schemaFieldMessages(integrationFormSchema(storedServiceAccount), integrationFormBody(values));

const form = (change: Partial<IntegrationFormValues>): IntegrationFormValues => ({ ...emptyIntegrationForm(), name: 'Robô', ...change });

describe('a new integration', () => {
  it('starts as a Typebot with the spec’s delay of 1000 ms and expiry of 1 minute', () => {
    expect(emptyIntegrationForm()).toMatchObject({ type: 'typebot', typebotDelayMessage: '1000', typebotExpires: '1', name: '', urlN8N: '', language: '' });
  });

  it('shows each type’s fields: the URL but for Dialogflow, the bot’s for Typebot, a secret for n8n and webhooks', () => {
    expect(fieldsOfType('typebot')).toEqual({ url: true, typebot: true, dialogflow: false, signs: false });
    expect(fieldsOfType('n8n')).toEqual({ url: true, typebot: false, dialogflow: false, signs: true });
    expect(fieldsOfType('webhook')).toEqual({ url: true, typebot: false, dialogflow: false, signs: true });
    expect(fieldsOfType('dialogflow')).toEqual({ url: false, typebot: false, dialogflow: true, signs: false });
  });

  it('offers exactly the offered types, each with a lettered logo and a name in every language', () => {
    expect(OFFERED_QUEUE_INTEGRATION_TYPES.toSorted()).toEqual([...QUEUE_INTEGRATION_TYPES].toSorted());
    for (const language of LANGUAGES) {
      for (const type of OFFERED_QUEUE_INTEGRATION_TYPES) expect(textsIn(queueIntegrationsTexts, language).types[type]).not.toBe('');
    }
    expect(LOGO_LETTERS).toEqual({ typebot: 'TB', n8n: 'n8n', webhook: 'WH', dialogflow: 'DF' });
  });
});

describe('the body the dialog sends', () => {
  it('sends a webhook’s URL and nothing of the other types (their numbers blank, for the defaults)', () => {
    const values = form({ type: 'webhook', urlN8N: ' https://hooks.example.test/atende ', typebotSlug: 'left-over', projectName: 'left-over', language: 'en' });

    expect(integrationFormBody(values)).toEqual({
      type: 'webhook',
      name: 'Robô',
      urlN8N: 'https://hooks.example.test/atende',
      typebotSlug: '',
      typebotExpires: '',
      typebotDelayMessage: '',
      typebotKeywordFinish: '',
      typebotKeywordRestart: '',
      typebotUnknownMessage: '',
      typebotRestartMessage: '',
      projectName: '',
      language: null,
      jsonContent: '',
    });
    expect(messagesOf(values)).toEqual({});
  });

  it('sends a Typebot’s bot, its numbers as numbers, keywords and messages', () => {
    const values = form({
      urlN8N: 'https://typebot.io',
      typebotSlug: 'meu-bot_1',
      typebotExpires: '30',
      typebotDelayMessage: '',
      typebotKeywordFinish: 'sair',
      typebotUnknownMessage: 'Não entendi.',
    });

    expect(integrationFormBody(values)).toMatchObject({
      type: 'typebot',
      urlN8N: 'https://typebot.io',
      typebotSlug: 'meu-bot_1',
      typebotExpires: 30,
      typebotDelayMessage: '',
      typebotKeywordFinish: 'sair',
      typebotUnknownMessage: 'Não entendi.',
      language: null,
    });
    expect(messagesOf(values)).toEqual({});
  });

  it('sends a Dialogflow agent’s project, language and service account, and no URL', () => {
    const values = form({ type: 'dialogflow', urlN8N: 'https://left.over', projectName: 'projeto-atende', language: 'pt-BR', jsonContent: ` ${SERVICE_ACCOUNT} ` });

    expect(integrationFormBody(values)).toMatchObject({ type: 'dialogflow', urlN8N: '', projectName: 'projeto-atende', language: 'pt-BR', jsonContent: SERVICE_ACCOUNT });
    expect(messagesOf(values)).toEqual({});
  });
});

describe('the dialog’s messages (spec 3 §5)', () => {
  it('wants a name of 2 to 50 characters', () => {
    const values = form({ type: 'webhook', urlN8N: 'https://hooks.example.test' });

    expect(messagesOf({ ...values, name: '' }).name).toBe('Required');
    expect(messagesOf({ ...values, name: 'R' }).name).toBe('Too Short!');
    expect(messagesOf({ ...values, name: 'R'.repeat(51) }).name).toBe('Too Long!');
  });

  it('wants the URL of n8n and webhooks, and the URL and slug of a Typebot', () => {
    expect(messagesOf(form({ type: 'n8n' }))).toEqual({ urlN8N: 'Required' });
    expect(messagesOf(form({ type: 'webhook', urlN8N: 'ftp://x' }))).toEqual({ urlN8N: 'Invalid URL' });
    expect(messagesOf(form({ type: 'typebot' }))).toEqual({ urlN8N: 'Required', typebotSlug: 'Required' });
    expect(messagesOf(form({ urlN8N: 'https://typebot.io', typebotSlug: 'meu bot' })).typebotSlug).toBe('Invalid slug');
  });

  it('keeps a Typebot’s numbers within their bounds', () => {
    const typebot = form({ urlN8N: 'https://typebot.io', typebotSlug: 'bot' });

    expect(messagesOf({ ...typebot, typebotDelayMessage: '6000' }).typebotDelayMessage).toBe('Must be 5000 or less');
    expect(messagesOf({ ...typebot, typebotExpires: '-1' }).typebotExpires).toBe('Must be 0 or more');
    expect(messagesOf({ ...typebot, typebotExpires: '1.5' }).typebotExpires).toBe('Must be a whole number');
  });

  it('wants a Dialogflow agent’s language, project and, when none is stored, its service account', () => {
    expect(messagesOf(form({ type: 'dialogflow' }))).toEqual({ language: 'Required', projectName: 'Required', jsonContent: 'Required' });
    expect(messagesOf(form({ type: 'dialogflow', projectName: 'Projeto', language: 'en', jsonContent: '{}' }))).toEqual({
      projectName: 'Invalid project id',
      jsonContent: 'Invalid service account JSON',
    });
  });

  it('keeps a stored service account on an edit that leaves it blank, and names the account', () => {
    const values = integrationFormOf(stored);

    expect(values.jsonContent).toBe('');
    expect(messagesOf(values, true)).toEqual({});
    expect(integrationFormBody(values).jsonContent).toBe('');
  });

  it('translates each message in every language, with the bound it names, and passes an unknown one through', () => {
    const schemaMessages = [
      'Required',
      'Too Short!',
      'Too Long!',
      'Must be text',
      'Invalid type',
      'Invalid language',
      'Type not offered',
      'Invalid URL',
      'Invalid slug',
      'Invalid project id',
      'Invalid service account JSON',
      'Must be a number',
      'Must be a whole number',
    ];
    for (const language of LANGUAGES) {
      const texts = textsIn(queueIntegrationsTexts, language);
      for (const message of schemaMessages) {
        const shown = integrationFieldMessage(message);
        expect('key' in shown && texts.fieldMessages[shown.key] !== '').toBe(true);
      }
    }
    expect(integrationFieldMessage('Must be 5000 or less')).toEqual({ key: 'atMost', number: 5000 });
    expect(integrationFieldMessage('Must be 0 or more')).toEqual({ key: 'atLeast', number: 0 });
    expect(format(textsIn(queueIntegrationsTexts, 'pt').fieldMessages.atMost, { number: 5000 })).toBe('Máximo: 5000');
    expect(integrationFieldMessage('Only n8n and webhook integrations sign their messages')).toEqual({
      text: 'Only n8n and webhook integrations sign their messages',
    });
  });
});
