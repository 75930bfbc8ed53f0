/** The queue dialog's rules: the body it sends, its messages and the tab they show on, the preset colours and the live list. */
import type { QueueDto } from '../../../../shared/queues';
import { schemaFieldMessages } from '../../../../web/src/components/use-schema-form';
import { applyToQueues } from '../../../../web/src/queues/queue-cache';
import { firstFreeColor, nextSwatchIndex, PRESET_COLORS, presetOf } from '../../../../web/src/queues/queue-colors';
import {
  emptyQueueForm,
  firstTabWithMessages,
  queueBodyOf,
  queueFieldMessage,
  queueFormBody,
  queueFormOf,
  queueFormSchema,
} from '../../../../web/src/queues/queue-form';
import { filterQueues } from '../../../../web/src/queues/filter-queues';
import { addTopOption, emptyOption } from '../../../../web/src/queues/option-tree';

const PROMPT = '01J00000000000000000000P01';
const INTEGRATION = '01J00000000000000000000I01';

const queue = (id: string, name: string, orderQueue: number, color = '#123456'): QueueDto => ({
  id,
  name,
  color,
  orderQueue,
  greetingMessage: 'Olá',
  outOfHoursMessage: '',
  schedules: [],
  promptId: null,
  integrationId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('the body the queue dialog sends', () => {
  it('sends the queue with its week; an empty order is none, so the server puts the queue last', () => {
    const form = { ...emptyQueueForm([]), name: 'Vendas', color: ' #2563EB ', greetingMessage: 'Bem-vindo' };

    const body = queueBodyOf(queueFormBody(form));

    expect(body).toEqual({
      name: 'Vendas',
      color: '#2563EB',
      orderQueue: null,
      greetingMessage: 'Bem-vindo',
      outOfHoursMessage: '',
      schedules: form.schedules,
    });
    expect(queueFormBody({ ...form, orderQueue: ' 3 ' }).orderQueue).toBe(3);
  });

  it('sends the AI prompt and the integration only where the plan shows their selects, none as null (checklist A-026)', () => {
    const form = { ...emptyQueueForm([]), name: 'Vendas', promptId: PROMPT, integrationId: '' };

    expect(queueBodyOf(queueFormBody(form))).not.toHaveProperty('promptId');
    expect(queueBodyOf(queueFormBody(form))).not.toHaveProperty('integrationId');
    expect(queueBodyOf(queueFormBody(form, { prompt: true, integration: true }))).toMatchObject({ promptId: PROMPT, integrationId: null });
    expect(queueBodyOf(queueFormBody(form, { prompt: false, integration: true }))).not.toHaveProperty('promptId');
    expect(schemaFieldMessages(queueFormSchema(false), queueFormBody(form, { prompt: true, integration: true }))).toEqual({});
  });

  it('opens a queue with its prompt and integration chosen, and a new one with none', () => {
    const linked = { ...queue('Q1', 'Suporte', 1), promptId: PROMPT, integrationId: INTEGRATION };

    expect(queueFormOf(linked, [])).toMatchObject({ promptId: PROMPT, integrationId: INTEGRATION });
    expect(emptyQueueForm([])).toMatchObject({ promptId: '', integrationId: '' });
  });

  it('opens an existing queue with its fields, its order as text and its menu as the draft', () => {
    const values = queueFormOf(queue('Q1', 'Suporte', 2), [
      { id: 'O1', queueId: 'Q1', parentId: null, title: 'Boletos', message: '', option: 1, children: [] },
    ]);

    expect(values).toMatchObject({ name: 'Suporte', orderQueue: '2', greetingMessage: 'Olá' });
    expect(values.options.map((option) => option.title)).toEqual(['Boletos']);
  });
});

describe("the queue dialog's messages", () => {
  const messagesOf = (change: Parameters<typeof queueFormBody>[0]) => schemaFieldMessages(queueFormSchema(false), queueFormBody(change));

  it('asks for a name of 2 to 50 characters and a colour of 3 to 9 (spec 3 §5)', () => {
    const form = emptyQueueForm([]);

    expect(messagesOf({ ...form, name: '' }).name).toBe('Required');
    expect(messagesOf({ ...form, name: 'V' }).name).toBe('Too Short!');
    expect(messagesOf({ ...form, name: 'V'.repeat(51) }).name).toBe('Too Long!');
    expect(messagesOf({ ...form, name: 'Vendas', color: '#1' }).color).toBe('Too Short!');
    expect(messagesOf({ ...form, name: 'Vendas', color: 'azul claro' }).color).toBe('Too Long!');
    expect(messagesOf({ ...form, name: 'Vendas', color: 'azul' }).color).toBe('Invalid color');
    expect(messagesOf({ ...form, name: 'Vendas' })).toEqual({});
  });

  it("refuses an order that is not a whole number of 0 or more, and an option without a title", () => {
    const form = { ...emptyQueueForm([]), name: 'Vendas' };

    expect(messagesOf({ ...form, orderQueue: '1.5' }).orderQueue).toBe('Must be a whole number');
    expect(messagesOf({ ...form, orderQueue: '-1' }).orderQueue).toBe('Must be 0 or more');
    expect(messagesOf({ ...form, options: addTopOption([], emptyOption()) })).toEqual({ 'options.0.title': 'Required' });
  });

  it('brings forward the first tab, in the dialog’s order, that has a message', () => {
    expect(firstTabWithMessages({})).toBeUndefined();
    expect(firstTabWithMessages({ 'options.1.title': 'Required' })).toBe('options');
    expect(firstTabWithMessages({ 'options.1.title': 'Required', 'schedules.0.endTime': 'x' })).toBe('hours');
    expect(firstTabWithMessages({ 'schedules.0.endTime': 'x', name: 'Required' })).toBe('queue');
  });

  it('turns the schemas’ messages into keys to translate, and keeps an unknown one as it came', () => {
    expect(queueFieldMessage('Invalid time (HH:MM)')).toEqual({ key: 'invalidTime' });
    expect(queueFieldMessage('Too Short!')).toEqual({ key: 'tooShort' });
    expect(queueFieldMessage('Something else')).toEqual({ text: 'Something else' });
    expect(queueFieldMessage(undefined)).toBeUndefined();
  });
});

describe('the preset colours', () => {
  it('are 50 distinct colours, each a hex the server takes', () => {
    expect(PRESET_COLORS).toHaveLength(50);
    expect(new Set(PRESET_COLORS.map((preset) => preset.hex.toLowerCase())).size).toBe(50);
    for (const preset of PRESET_COLORS) expect(preset.hex).toMatch(/^#[0-9A-F]{6}$/);
  });

  it('give a new queue the first medium colour no queue of the company has, compared without case', () => {
    const first = firstFreeColor([]);
    expect(presetOf(first)?.tone).toBe('medium');

    const second = firstFreeColor([first.toLowerCase()]);
    expect(second).not.toBe(first);
    expect(presetOf(second)?.tone).toBe('medium');
  });

  it('move the focus in the grid by one swatch with the side arrows and by one row with up and down, staying inside', () => {
    expect(nextSwatchIndex(0, 'ArrowRight')).toBe(1);
    expect(nextSwatchIndex(0, 'ArrowLeft')).toBe(0);
    expect(nextSwatchIndex(3, 'ArrowDown')).toBe(13);
    expect(nextSwatchIndex(45, 'ArrowDown')).toBe(45);
    expect(nextSwatchIndex(13, 'ArrowUp')).toBe(3);
    expect(nextSwatchIndex(3, 'ArrowUp')).toBe(3);
    expect(nextSwatchIndex(20, 'Home')).toBe(0);
    expect(nextSwatchIndex(20, 'End')).toBe(49);
    expect(nextSwatchIndex(20, 'a')).toBeUndefined();
  });
});

describe('the live list of queues', () => {
  const list = [queue('A', 'Atendimento', 1), queue('F', 'Financeiro', 2)];

  it('puts a new queue in its place by order, then name', () => {
    expect(applyToQueues(list, { action: 'create', queue: queue('B', 'Boletos', 1) }).map((item) => item.id)).toEqual(['A', 'B', 'F']);
  });

  it('replaces an updated queue, moving it when its order changed, and drops a deleted one', () => {
    expect(applyToQueues(list, { action: 'update', queue: queue('A', 'Atendimento', 3) }).map((item) => item.id)).toEqual(['F', 'A']);
    expect(applyToQueues(list, { action: 'delete', queueId: 'F' }).map((item) => item.id)).toEqual(['A']);
  });

  it('is searched by name, accents and case aside', () => {
    expect(filterQueues(list, 'FINAN').map((item) => item.id)).toEqual(['F']);
    expect(filterQueues(list, '')).toBe(list);
  });
});
