/**
 * The prompt dialog without React (spec 3 §5, §9): a new prompt's defaults, a stored prompt in the form
 * with its key field empty, the body it sends (a blank key left out of an edit, which keeps the stored
 * key), the spec's messages from the server's own schema, their translations, and the usage line's share.
 */
import { PROMPT_DEFAULTS, PROMPT_MODELS, PROMPT_TEXT_TOO_SHORT, type Prompt } from '../../../../shared/prompts';
import { schemaFieldMessages } from '../../../../web/src/components/use-schema-form';
import { LANGUAGES } from '../../../../web/src/i18n/language';
import { textsIn } from '../../../../web/src/i18n/texts';
import { filterPrompts, usageShown } from '../../../../web/src/prompts/prompt-list';
import {
  emptyPromptForm,
  lacksQueue,
  promptFieldMessage,
  promptFormBody,
  promptFormOf,
  promptFormSchema,
  type PromptFormValues,
} from '../../../../web/src/prompts/prompt-form';
import { promptsTexts } from '../../../../web/src/prompts/texts';

const QUEUE_ID = '01J00000000000000000000Q01';
const TRAINING = 'Você é a assistente da loja. Responda com educação e em poucas frases.';

const stored: Prompt = {
  id: '01J00000000000000000000P01',
  name: 'Atendente virtual',
  prompt: TRAINING,
  model: 'gpt-4o-mini',
  maxTokens: 300,
  temperature: 0.3,
  maxMessages: 6,
  queueId: QUEUE_ID,
  queue: { id: QUEUE_ID, name: 'Suporte', color: '#0f766e' },
  hasApiKey: true,
  baseUrl: 'https://llm.example.test/v1',
  companyId: 'C1',
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
};

const filled: PromptFormValues = { ...emptyPromptForm(), name: 'Vendas', prompt: TRAINING, queueId: QUEUE_ID, apiKey: 'sk-test' };

const messagesOf = (values: PromptFormValues, editing = false) => schemaFieldMessages(promptFormSchema(editing), promptFormBody(values, editing));

describe('a new prompt', () => {
  it('starts with the spec’s defaults: gpt-3.5-turbo-1106, 100 tokens, temperature 1, 10 messages, no queue and no key', () => {
    expect(emptyPromptForm()).toEqual({
      name: '',
      prompt: '',
      model: 'gpt-3.5-turbo-1106',
      maxTokens: '100',
      temperature: 1,
      maxMessages: '10',
      queueId: '',
      apiKey: '',
      baseUrl: '',
    });
    expect(emptyPromptForm().model).toBe(PROMPT_MODELS[0]);
    expect(emptyPromptForm().temperature).toBe(PROMPT_DEFAULTS.temperature);
  });

  it('sends every field with its numbers as numbers and the key it was given', () => {
    expect(promptFormBody({ ...filled, maxTokens: ' 250 ', temperature: 0.7, baseUrl: ' https://llm.example.test/v1 ' }, false)).toEqual({
      name: 'Vendas',
      prompt: TRAINING,
      model: 'gpt-3.5-turbo-1106',
      maxTokens: 250,
      temperature: 0.7,
      maxMessages: 10,
      queueId: QUEUE_ID,
      apiKey: 'sk-test',
      baseUrl: 'https://llm.example.test/v1',
    });
  });

  it('is accepted as the server would accept it', () => {
    expect(messagesOf(filled)).toEqual({});
  });
});

describe('a stored prompt', () => {
  it('opens with its fields and an empty key field, since the key is never answered', () => {
    expect(promptFormOf(stored)).toEqual({
      name: 'Atendente virtual',
      prompt: TRAINING,
      model: 'gpt-4o-mini',
      maxTokens: '300',
      temperature: 0.3,
      maxMessages: '6',
      queueId: QUEUE_ID,
      apiKey: '',
      baseUrl: 'https://llm.example.test/v1',
    });
  });

  it('leaves a blank key out of the edit, which keeps the stored key, and sends a typed one', () => {
    const values = { ...promptFormOf(stored), apiKey: '   ' };

    expect(promptFormBody(values, true)).not.toHaveProperty('apiKey');
    expect(messagesOf(values, true)).toEqual({});
    expect(promptFormBody({ ...values, apiKey: 'sk-new' }, true).apiKey).toBe('sk-new');
  });
});

describe('the prompt dialog’s messages', () => {
  it('says "Informe o setor" when no queue is chosen, and that it lacks a queue', () => {
    const messages = messagesOf({ ...filled, queueId: '' });

    expect(promptFormBody({ ...filled, queueId: '' }, false)).not.toHaveProperty('queueId');
    expect(messages).toEqual({ queueId: 'Informe o setor' });
    expect(lacksQueue(messages)).toBe(true);
    expect(lacksQueue(messagesOf(filled))).toBe(false);
  });

  it('wants a name of 5 to 100 characters: "Muito curto!", "Muito longo!"', () => {
    expect(messagesOf({ ...filled, name: 'Abcd' }).name).toBe('Muito curto!');
    expect(messagesOf({ ...filled, name: 'A'.repeat(101) }).name).toBe('Muito longo!');
    expect(messagesOf({ ...filled, name: '' }).name).toBe('Obrigatório');
  });

  it('asks for at least 50 characters of training', () => {
    expect(messagesOf({ ...filled, prompt: 'x'.repeat(49) }).prompt).toBe(PROMPT_TEXT_TOO_SHORT);
    expect(messagesOf({ ...filled, prompt: 'x'.repeat(50) }).prompt).toBeUndefined();
  });

  it('requires the key on a create only', () => {
    expect(messagesOf({ ...filled, apiKey: '' }).apiKey).toBe('Obrigatório');
    expect(messagesOf({ ...filled, apiKey: '' }, true).apiKey).toBeUndefined();
  });

  it('refuses empty or out-of-range numbers and a base URL that is not one', () => {
    expect(messagesOf({ ...filled, maxTokens: '' }).maxTokens).toBe('Número inválido');
    expect(messagesOf({ ...filled, maxTokens: '0' }).maxTokens).toBe('Número inválido');
    expect(messagesOf({ ...filled, maxMessages: '2.5' }).maxMessages).toBe('Número inválido');
    expect(messagesOf({ ...filled, baseUrl: 'llm.example.test' }).baseUrl).toBe('URL inválida');
  });

  it('translates each of the schema’s messages in every language, and passes an unknown one through', () => {
    const schemaMessages = ['Obrigatório', 'Muito curto!', 'Muito longo!', PROMPT_TEXT_TOO_SHORT, 'Número inválido', 'Entre 0 e 1', 'Modelo inválido', 'URL inválida', 'Informe o setor'];
    for (const language of LANGUAGES) {
      const texts = textsIn(promptsTexts, language);
      for (const message of schemaMessages) {
        const shown = promptFieldMessage(message);
        expect('key' in shown && texts.fieldMessages[shown.key] !== '').toBe(true);
      }
    }
    expect(textsIn(promptsTexts, 'pt').fieldMessages.queueRequired).toBe('Informe o setor');
    expect(promptFieldMessage('Algo novo')).toEqual({ text: 'Algo novo' });
  });
});

describe('the prompts page', () => {
  it('finds prompts by name, accents and case aside', () => {
    const prompts = [stored, { ...stored, id: '01J00000000000000000000P02', name: 'Cobrança' }];

    expect(filterPrompts(prompts, 'cobranca').map((prompt) => prompt.name)).toEqual(['Cobrança']);
    expect(filterPrompts(prompts, '')).toHaveLength(2);
  });

  it('fills the usage bar by the share of the plan’s cap, warning from 80% and full once reached', () => {
    expect(usageShown({ tokens: 1234, limit: 1_000_000 })).toEqual({ share: 0.001234, reached: false, nearing: false });
    expect(usageShown({ tokens: 800, limit: 1000 })).toEqual({ share: 0.8, reached: false, nearing: true });
    expect(usageShown({ tokens: 1500, limit: 1000 })).toEqual({ share: 1, reached: true, nearing: false });
    expect(usageShown({ tokens: 0, limit: 0 })).toEqual({ share: 1, reached: true, nearing: false });
  });
});
