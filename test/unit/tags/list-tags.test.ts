/** Reading tags: the whole tag range of the company partition, sorted by name, then searched and paged. */
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { Caller } from '../../../functions/core/caller/load-caller';
import { listKanbanTags, listTagSummaries, searchTags } from '../../../functions/core/tags/list-tags';

process.env.TABLE_NAME = 'table-under-test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);
const caller = { companyId: 'C1', userId: 'U1', user: { profile: 'user' } } as unknown as Caller;

const item = (id: string, name: string, kanban = 0) => ({
  PK: 'C#C1',
  SK: `TAG#${id}`,
  entity: 'tag',
  companyId: 'C1',
  id,
  name,
  color: '#123456',
  kanban,
  userId: 'U1',
  ticketsCount: 2,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
});

beforeEach(() => {
  ddb.reset();
  // Two result pages, as DynamoDB answers when the range passes 1 MB.
  ddb
    .on(QueryCommand)
    .resolvesOnce({ Items: [item('T1', 'Venda'), item('T2', 'Ágil', 1)], LastEvaluatedKey: { PK: 'C#C1', SK: 'TAG#T2' } })
    .resolvesOnce({ Items: [item('T3', 'promoção'), item('T4', 'Promoções antigas', 1)] });
});

describe('tag reads', () => {
  it('reads every page of the tag range of the company partition and sorts by name', async () => {
    const page = await searchTags(caller, { searchParam: '', pageNumber: 1 });

    expect(page.tags.map((tag) => tag.name)).toEqual(['Ágil', 'promoção', 'Promoções antigas', 'Venda']);
    expect(page.hasMore).toBe(false);
    const inputs = ddb.commandCalls(QueryCommand).map((call) => call.args[0].input);
    expect(inputs[0]).toMatchObject({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': 'C#C1', ':sk': 'TAG#' },
    });
    expect(inputs[1]?.ExclusiveStartKey).toEqual({ PK: 'C#C1', SK: 'TAG#T2' });
  });

  it('finds names ignoring accents and case, without the storage attributes', async () => {
    const page = await searchTags(caller, { searchParam: 'PROMOC', pageNumber: 1 });

    expect(page.tags.map((tag) => tag.id)).toEqual(['T3', 'T4']);
    expect(page.tags[0]).toEqual({
      id: 'T3',
      name: 'promoção',
      color: '#123456',
      kanban: 0,
      userId: 'U1',
      ticketsCount: 2,
      createdAt: '2030-01-01T00:00:00.000Z',
      updatedAt: '2030-01-01T00:00:00.000Z',
    });
  });

  it('lists summaries of every tag and the kanban lanes under `lista`', async () => {
    expect(await listTagSummaries(caller)).toEqual([
      { id: 'T2', name: 'Ágil', color: '#123456', kanban: 1 },
      { id: 'T3', name: 'promoção', color: '#123456', kanban: 0 },
      { id: 'T4', name: 'Promoções antigas', color: '#123456', kanban: 1 },
      { id: 'T1', name: 'Venda', color: '#123456', kanban: 0 },
    ]);
  });

  it('answers only the tags flagged kanban as the lanes of the board', async () => {
    expect((await listKanbanTags(caller)).lista.map((tag) => tag.id)).toEqual(['T2', 'T4']);
  });
});
