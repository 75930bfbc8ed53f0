/** The queue bot's decisions (functions/core/inbound/queue-menu.ts) and work hours. */
import { answerMenu, BACK_LINE, menuQueues, openingMenu, type MenuContext } from '../../../functions/core/inbound/queue-menu';
import { isWithinSchedule } from '../../../functions/core/inbound/work-hours';
import { defaultQueueSchedule } from '../../../shared/schedules';

const now = new Date('2026-11-18T15:00:00Z'); // a Wednesday, 12:00 in São Paulo
const context: MenuContext = {
  queues: [
    { id: 'q1', name: 'Vendas', greetingMessage: 'Vendas aqui.' },
    { id: 'q2', name: 'Suporte', greetingMessage: 'Suporte aqui.' },
  ],
  options: [
    { id: 'o1', parentId: null, title: 'Internet', message: 'Sobre internet:' },
    { id: 'o2', parentId: null, title: 'Telefone', message: 'Ligue 123.' },
    { id: 'o11', parentId: 'o1', title: 'Lenta', message: 'Reinicie o roteador.' },
  ],
  greetingMessage: 'Olá!',
  maxUseBotQueues: 3,
  timeUseBotQueues: 10,
};
const start = { queueId: null, optionId: null, misses: 0, since: now.toISOString() };

describe('the queue menu', () => {
  test('opens with the greeting and one numbered line per queue', () => {
    expect(openingMenu(context, now)).toEqual({ kind: 'reply', text: 'Olá!\n\n*1* - Vendas\n*2* - Suporte', state: start });
  });

  test('puts the ticket in the queue picked and shows its options', () => {
    const decision = answerMenu(context, start, ' 2 ', now);
    expect(decision).toEqual({
      kind: 'reply',
      text: `Suporte aqui.\n\n*1* - Internet\n*2* - Telefone\n\n${BACK_LINE}`,
      state: { ...start, queueId: 'q2' },
      queueId: 'q2',
    });
  });

  test('goes down the option tree and ends on a leaf', () => {
    const inQueue = { ...start, queueId: 'q2' };
    const sub = answerMenu(context, inQueue, '1', now);
    expect(sub).toMatchObject({ kind: 'reply', text: `Sobre internet:\n\n*1* - Lenta\n\n${BACK_LINE}`, state: { optionId: 'o1' } });
    expect(answerMenu(context, { ...inQueue, optionId: 'o1' }, '1', now)).toEqual({ kind: 'reply', text: 'Reinicie o roteador.', state: null });
  });

  test('returns to the top on #', () => {
    expect(answerMenu(context, { ...start, queueId: 'q2', optionId: 'o1' }, '#', now)).toMatchObject({
      kind: 'reply',
      text: 'Olá!\n\n*1* - Vendas\n*2* - Suporte',
      state: { queueId: null, optionId: null },
    });
  });

  test('repeats the menu on an answer that picks nothing, and gives up after maxUseBotQueues', () => {
    expect(answerMenu(context, start, 'oi', now)).toMatchObject({ kind: 'reply', state: { misses: 1 } });
    expect(answerMenu(context, { ...start, misses: 2 }, '9', now)).toEqual({ kind: 'silent', state: null });
  });

  test('stops after timeUseBotQueues minutes', () => {
    const later = new Date(now.getTime() + 11 * 60_000);
    expect(answerMenu(context, start, '1', later)).toEqual({ kind: 'silent', state: null });
  });
});

describe("the queue menu's order", () => {
  const queue = (id: string, name: string, orderQueue: number) => ({ id, name, orderQueue, greetingMessage: `${name} aqui.` });

  test("lists the connection's queues by their 'Ordem da fila (bot)', not in the order they were ticked on the connection", () => {
    const company = [queue('q1', 'Atendimento', 1), queue('q2', 'Cobrança', 0), queue('q3', 'Fora da conexão', -1)];
    expect(menuQueues(company, ['q1', 'q2']).map((item) => item.name)).toEqual(['Cobrança', 'Atendimento']);
  });

  test('orders queues of the same order by name, accents and case ignored', () => {
    const company = [queue('q1', 'vendas', 2), queue('q2', 'Ágil', 2), queue('q3', 'Balcão', 2), queue('q4', 'Primeira', 1)];
    expect(menuQueues(company, ['q1', 'q2', 'q3', 'q4']).map((item) => item.name)).toEqual(['Primeira', 'Ágil', 'Balcão', 'vendas']);
  });

  test('numbers the answer as it numbered the menu: 1 picks the queue of the lowest order', () => {
    const ordered: MenuContext = { ...context, queues: menuQueues([queue('q1', 'Vendas', 5), queue('q2', 'Suporte', 0)], ['q1', 'q2']), options: [] };
    expect(openingMenu(ordered, now)).toMatchObject({ text: 'Olá!\n\n*1* - Suporte\n*2* - Vendas' });
    expect(answerMenu(ordered, start, '1', now)).toEqual({ kind: 'reply', text: 'Suporte aqui.', state: null, queueId: 'q2' });
  });
});

describe('work hours', () => {
  test('a weekday noon is inside the default schedule, a Sunday is not', () => {
    expect(isWithinSchedule(defaultQueueSchedule(), now)).toBe(true);
    expect(isWithinSchedule(defaultQueueSchedule(), new Date('2026-11-22T15:00:00Z'))).toBe(false);
  });

  test('a weekday night is outside', () => {
    expect(isWithinSchedule(defaultQueueSchedule(), new Date('2026-11-19T01:00:00Z'))).toBe(false);
  });
});
