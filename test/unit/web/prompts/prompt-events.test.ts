/** Live prompts: `prompt` events and the client's own saves and deletes applied to the cached list (checklist A-131). */
import { QueryClient } from '@tanstack/react-query';
import type { Prompt, PromptList } from '../../../../shared/prompts';
import { applyPromptEvent, promptKeys } from '../../../../web/src/api/prompts';

const prompt = (id: string, name: string): Prompt => ({
  id,
  name,
  prompt: 'x'.repeat(60),
  model: 'gpt-3.5-turbo-1106',
  maxTokens: 100,
  temperature: 1,
  maxMessages: 10,
  queueId: 'Q1',
  queue: { id: 'Q1', name: 'Suporte', color: '#0f766e' },
  hasApiKey: true,
  baseUrl: '',
  companyId: 'C1',
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
});

const USAGE = { month: '2030-01', tokens: 1234, limit: 1_000_000 };

function clientWithList(): QueryClient {
  const client = new QueryClient();
  client.setQueryData<PromptList>(promptKeys.list, { prompts: [prompt('A', 'Atendimento'), prompt('C', 'Cobrança')], usage: USAGE });
  client.setQueryData(promptKeys.one('C'), prompt('C', 'Cobrança'));
  return client;
}

const listed = (client: QueryClient) => client.getQueryData<PromptList>(promptKeys.list)?.prompts.map((each) => each.name);

describe('applyPromptEvent', () => {
  it('puts a new prompt in its place by name, accents and case aside, keeping the month’s usage', () => {
    const client = clientWithList();

    applyPromptEvent(client, { action: 'create', record: prompt('B', 'boas-vindas') });

    expect(listed(client)).toEqual(['Atendimento', 'boas-vindas', 'Cobrança']);
    expect(client.getQueryData<PromptList>(promptKeys.list)?.usage).toEqual(USAGE);
  });

  it('moves a renamed prompt to its new place and updates its cached copy', () => {
    const client = clientWithList();

    applyPromptEvent(client, { action: 'update', record: prompt('C', 'Agendamentos') });

    expect(listed(client)).toEqual(['Agendamentos', 'Atendimento']);
    expect(client.getQueryData<Prompt>(promptKeys.one('C'))?.name).toBe('Agendamentos');
  });

  it('takes a deleted prompt out at once and forgets its copy; the same event twice changes nothing more', () => {
    const client = clientWithList();

    applyPromptEvent(client, { action: 'delete', id: 'C' });
    const after = client.getQueryData(promptKeys.list);
    applyPromptEvent(client, { action: 'delete', id: 'C' });

    expect(listed(client)).toEqual(['Atendimento']);
    expect(client.getQueryData(promptKeys.one('C'))).toBeUndefined();
    expect(client.getQueryData(promptKeys.list)).toBe(after);
  });

  it('leaves a list not read yet unread', () => {
    const client = new QueryClient();

    applyPromptEvent(client, { action: 'create', record: prompt('A', 'Atendimento') });

    expect(client.getQueryData(promptKeys.list)).toBeUndefined();
  });
});
