import { pickedQueues, pickSummary, queueSelectionOf } from '../../../../web/src/tickets/ticket-filters';

describe('queue pick', () => {
  test('asks for no queue narrowing while every offered queue is picked', () => {
    expect(queueSelectionOf(['Q2', 'Q1'], ['Q1', 'Q2'])).toBeNull();
  });

  test('asks for the picked queues in the offered order', () => {
    expect(queueSelectionOf(['Q3', 'Q1'], ['Q1', 'Q2', 'Q3'])).toEqual(['Q1', 'Q3']);
  });

  test('asks for no queue at all when everything is unpicked', () => {
    expect(queueSelectionOf([], ['Q1'])).toEqual([]);
  });

  test('shows every offered queue as picked while there is no narrowing', () => {
    expect(pickedQueues(null, ['Q1', 'Q2'])).toEqual(['Q1', 'Q2']);
    expect(pickedQueues(['Q2', 'Q9'], ['Q1', 'Q2'])).toEqual(['Q2']);
  });
});

describe('pickSummary', () => {
  const options = [
    { id: 'a', name: 'Vendas' },
    { id: 'b', name: 'Suporte' },
    { id: 'c', name: 'Financeiro' },
  ];
  const words = { all: 'Todas', many: (count: number) => `${count} selecionadas` };

  test('says nothing when nothing is picked, so the placeholder shows', () => {
    expect(pickSummary([], options, words)).toBe('');
  });

  test('names a single pick', () => {
    expect(pickSummary(['b'], options, words)).toBe('Suporte');
  });

  test('counts several picks and says all when everything is picked', () => {
    expect(pickSummary(['a', 'c'], options, words)).toBe('2 selecionadas');
    expect(pickSummary(['a', 'b', 'c'], options, words)).toBe('Todas');
  });
});
