/**
 * Live integrations: `queueIntegration` events and the client's own writes applied to the cached searches,
 * the cached integration and the queue dialog's choices (checklist A-132); a signing secret is never cached.
 */
import { QueryClient } from '@tanstack/react-query';
import type { QueueIntegration, QueueIntegrationPage } from '../../../../shared/queue-integrations';
import {
  applyQueueIntegrationEvent,
  carriesSecret,
  queueIntegrationKeys,
  queueIntegrationPages,
  withoutSecret,
} from '../../../../web/src/api/queue-integrations';

const integration = (id: string, name = `Integração ${id}`): QueueIntegration => ({
  id,
  type: 'webhook',
  name,
  projectName: '',
  jsonContent: null,
  hasJsonContent: false,
  serviceAccount: null,
  language: null,
  urlN8N: 'https://hooks.example.test',
  typebotSlug: '',
  typebotExpires: 1,
  typebotDelayMessage: 1000,
  typebotKeywordFinish: '',
  typebotKeywordRestart: '',
  typebotUnknownMessage: '',
  typebotRestartMessage: '',
  hasSecret: true,
  companyId: 'C1',
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
});

function clientWithSearches(): QueryClient {
  const client = new QueryClient();
  const pages: { pages: QueueIntegrationPage[]; pageParams: number[] } = {
    pages: [
      { queueIntegrations: [integration('A'), integration('B')], hasMore: true },
      { queueIntegrations: [integration('C')], hasMore: false },
    ],
    pageParams: [1, 2],
  };
  client.setQueryData(queueIntegrationKeys.list(''), pages);
  client.setQueryData(queueIntegrationKeys.one('B'), integration('B'));
  client.setQueryData(queueIntegrationKeys.choices, [{ id: 'A', name: 'Integração A', type: 'webhook' }]);
  return client;
}

const listed = (client: QueryClient) => queueIntegrationPages.items(client.getQueryData(queueIntegrationKeys.list(''))).map((each) => each.name);

describe('applyQueueIntegrationEvent', () => {
  it('takes a deleted integration out of every search at once, forgets it, and reads the choices again', () => {
    const client = clientWithSearches();

    applyQueueIntegrationEvent(client, { action: 'delete', id: 'B' });

    expect(listed(client)).toEqual(['Integração A', 'Integração C']);
    expect(client.getQueryData(queueIntegrationKeys.one('B'))).toBeUndefined();
    expect(client.getQueryState(queueIntegrationKeys.choices)?.isInvalidated).toBe(true);
  });

  it('changes a saved integration in place in the searches and in its cached copy', () => {
    const client = clientWithSearches();

    applyQueueIntegrationEvent(client, { action: 'update', record: integration('B', 'Renomeada') });

    expect(listed(client)).toEqual(['Integração A', 'Renomeada', 'Integração C']);
    expect(client.getQueryData<QueueIntegration>(queueIntegrationKeys.one('B'))?.name).toBe('Renomeada');
    expect(client.getQueryState(queueIntegrationKeys.list(''))?.isInvalidated).toBe(false);
  });

  it('reads the searches again for a new integration, whose place is the server’s order and paging', () => {
    const client = clientWithSearches();

    applyQueueIntegrationEvent(client, { action: 'create', record: integration('D') });

    expect(client.getQueryState(queueIntegrationKeys.list(''))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queueIntegrationKeys.choices)?.isInvalidated).toBe(true);
  });

  it('never caches the signing secret of the answer that made it', () => {
    const client = clientWithSearches();
    const answer = { ...integration('B'), secret: 'segredo-visto-uma-vez' };

    expect(carriesSecret(answer)).toBe(true);
    expect(carriesSecret(integration('B'))).toBe(false);
    applyQueueIntegrationEvent(client, { action: 'update', record: answer });

    expect(client.getQueryData(queueIntegrationKeys.one('B'))).not.toHaveProperty('secret');
    expect(JSON.stringify(client.getQueryData(queueIntegrationKeys.list('')))).not.toContain('segredo-visto-uma-vez');
    expect(withoutSecret(answer)).toEqual(integration('B'));
  });
});
