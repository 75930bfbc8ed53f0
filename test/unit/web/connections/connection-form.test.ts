import type { ConnectionDto } from '../../../../shared/connections';
import {
  connectionBody,
  connectionFieldMessage,
  connectionFormOf,
  connectionSchema,
  emptyConnectionForm,
  messageOf,
} from '../../../../web/src/connections/connection-form';
import { filterConnections } from '../../../../web/src/connections/filter-connections';
import { schemaFieldMessages } from '../../../../web/src/components/use-schema-form';

const QUEUE_A = '01J00000000000000000000000';
const QUEUE_B = '01J00000000000000000000001';

describe('a new connection', () => {
  test("starts from the spec's defaults: expiresTicket 0, timeUseBotQueues 0, maxUseBotQueues 3, provider beta", () => {
    const body = connectionBody({ ...emptyConnectionForm(false), name: 'Principal' }, true);

    expect(body).toMatchObject({ provider: 'beta', expiresTicket: 0, timeUseBotQueues: 0, maxUseBotQueues: 3, timeToTransfer: null, transferQueueId: null });
  });

  test('is the default when it is the first of the company', () => {
    expect(emptyConnectionForm(true).isDefault).toBe(true);
    expect(emptyConnectionForm(false).isDefault).toBe(false);
  });

  test('sends no provider where the stage does not offer the simulator, and never a prompt', () => {
    const body = connectionBody({ ...emptyConnectionForm(false), name: 'Principal', provider: 'simulator' }, false);

    expect(body).not.toHaveProperty('provider');
    expect(body).not.toHaveProperty('promptId');
  });
});

describe('the form checked by the API schema', () => {
  test('refuses a one-character name with the spec message, and takes two', () => {
    const schema = connectionSchema(false);

    expect(schemaFieldMessages(schema, connectionBody({ ...emptyConnectionForm(false), name: 'A' }, true))).toEqual({ name: 'Too Short!' });
    expect(schemaFieldMessages(schema, connectionBody({ ...emptyConnectionForm(false), name: 'AB' }, true))).toEqual({});
  });

  test('refuses an emptied or negative number with Invalid number, and takes an empty transfer delay as never', () => {
    const values = { ...emptyConnectionForm(false), name: 'Principal', maxUseBotQueues: '', expiresTicket: '-1', timeToTransfer: '' };

    const messages = schemaFieldMessages(connectionSchema(false), connectionBody(values, true));

    expect(messages).toEqual({ maxUseBotQueues: 'Invalid number', expiresTicket: 'Invalid number' });
    expect(messageOf(messages, 'maxUseBotQueues')).toEqual({ key: 'invalidNumber' });
    expect(messageOf(messages, 'name')).toBeUndefined();
  });

  test('leaves the greeting rule to the server: two queues without a greeting pass the schema', () => {
    const values = { ...emptyConnectionForm(false), name: 'Principal', queueIds: [QUEUE_A, QUEUE_B] };

    expect(schemaFieldMessages(connectionSchema(false), connectionBody(values, true))).toEqual({});
  });

  test('keeps an unknown message as the server wrote it', () => {
    expect(connectionFieldMessage('Required')).toEqual({ key: 'required' });
    expect(connectionFieldMessage('The simulator is not offered here')).toEqual({ text: 'The simulator is not offered here' });
  });
});

describe('editing a connection', () => {
  test('shows its fields and sends them back unchanged', () => {
    const stored: ConnectionDto = {
      id: '01J00000000000000000000009',
      name: 'Vendas',
      status: 'CONNECTED',
      qrcode: '',
      retries: 0,
      pairingCode: '',
      campaignDailyLimit: null,
      campaignSchedule: [],
      queues: [],
      promptId: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      isDefault: true,
      provider: 'simulator',
      greetingMessage: 'Olá!',
      completionMessage: 'Até logo',
      outOfHoursMessage: 'Fechado',
      ratingMessage: 'Avalie',
      queueIds: [QUEUE_A],
      transferQueueId: QUEUE_B,
      timeToTransfer: 15,
      expiresTicket: 24,
      expiresInactiveMessage: 'Encerrado',
      timeUseBotQueues: 5,
      maxUseBotQueues: 2,
    };

    const body = connectionBody(connectionFormOf(stored), true);

    expect(body).toEqual({
      name: 'Vendas',
      isDefault: true,
      provider: 'simulator',
      greetingMessage: 'Olá!',
      completionMessage: 'Até logo',
      outOfHoursMessage: 'Fechado',
      ratingMessage: 'Avalie',
      queueIds: [QUEUE_A],
      transferQueueId: QUEUE_B,
      timeToTransfer: 15,
      expiresTicket: 24,
      expiresInactiveMessage: 'Encerrado',
      timeUseBotQueues: 5,
      maxUseBotQueues: 2,
    });
    expect(schemaFieldMessages(connectionSchema(true), body)).toEqual({});
  });
});

describe('the name filter', () => {
  test('matches part of a name, ignoring case and accents', () => {
    const connections = [{ name: 'Atendimento São Paulo' }, { name: 'Vendas' }];

    expect(filterConnections(connections, 'sao')).toEqual([{ name: 'Atendimento São Paulo' }]);
    expect(filterConnections(connections, '  ')).toEqual(connections);
  });
});
