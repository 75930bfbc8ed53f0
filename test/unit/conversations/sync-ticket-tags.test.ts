/**
 * Tagging a ticket: the ticket's tag list changes only if nobody changed it since it was read, and each
 * tag's ticket counter moves with ADD in the same transaction; a tag that does not exist is refused.
 */
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { Ticket } from '../../../functions/core/repositories/tickets';
import type { Caller } from '../../../functions/core/caller/load-caller';
import { moveToKanbanLane, syncTicketTags } from '../../../functions/core/conversations/sync-ticket-tags';
import { errorCodeOf } from '../../support/errors';
import { storedTicket } from '../../support/stored-ticket';

process.env.TABLE_NAME = 'table-under-test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);

const admin = { companyId: 'C1', userId: 'U1', isAdmin: true, user: { profile: 'admin', queueIds: [], allTicket: 'enabled' } } as unknown as Caller;

const ticket: Ticket = storedTicket({
  id: 'T1',
  uuid: 'u',
  status: 'open',
  userId: 'U1',
  userName: 'Ana',
  tagIds: ['G1', 'L1'],
  tagsVersion: 4,
});

/** Tags G* are plain, L* are kanban lanes; G9 does not exist. */
const TAGS = [
  { id: 'G1', kanban: 0, name: 'G1', color: '#000' },
  { id: 'G2', kanban: 0, name: 'G2', color: '#000' },
  { id: 'L1', kanban: 1, name: 'L1', color: '#000' },
  { id: 'L2', kanban: 1, name: 'L2', color: '#000' },
];

beforeEach(() => {
  ddb.reset();
  ddb.on(GetCommand).resolves({ Item: ticket });
  ddb.on(QueryCommand).resolves({ Items: [] });
  ddb.on(TransactWriteCommand).resolves({});
  ddb.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: { SK: string }[] }> }) => {
    const wanted = (input.RequestItems['table-under-test']?.Keys ?? []).map((key) => key.SK.replace('TAG#', ''));
    return { Responses: { 'table-under-test': TAGS.filter((tag) => wanted.includes(tag.id)) } };
  });
});

const transaction = () => ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];

describe('syncTicketTags', () => {
  it('sets the list on the condition of its version and moves the counters of added and removed tags', async () => {
    const dto = await syncTicketTags(admin, 'T1', ['G1', 'G2']);

    expect(dto.tags).toEqual(['G1', 'G2']);
    const [ticketUpdate, ...counters] = transaction();
    expect(ticketUpdate?.Update).toMatchObject({
      ConditionExpression: 'attribute_exists(PK) AND #g0 = :g0',
      ExpressionAttributeNames: { '#g0': 'tagsVersion', '#s0': 'tagIds', '#s1': 'tagsVersion' },
      ExpressionAttributeValues: { ':g0': 4, ':s0': ['G1', 'G2'], ':s1': 5 },
    });
    expect(counters.map((item) => [item.Update?.Key?.SK, item.Update?.ExpressionAttributeValues?.[':delta'], item.Update?.ConditionExpression])).toEqual([
      ['TAG#G2', 1, 'attribute_exists(PK)'],
      ['TAG#L1', -1, 'attribute_exists(PK)'],
    ]);
  });

  it('refuses a tag the company does not have, writing nothing', async () => {
    expect(await errorCodeOf(syncTicketTags(admin, 'T1', ['G1', 'G9']))).toBe('ERR_NO_TAG_FOUND');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('writes nothing when the tags are already those', async () => {
    await syncTicketTags(admin, 'T1', ['G1', 'L1']);

    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});

describe('moveToKanbanLane', () => {
  it('swaps the kanban tag for the new lane and keeps the plain tags', async () => {
    const dto = await moveToKanbanLane(admin, 'T1', 'L2');

    expect(dto.tags).toEqual(['G1', 'L2']);
    expect(transaction().slice(1).map((item) => [item.Update?.Key?.SK, item.Update?.ExpressionAttributeValues?.[':delta']])).toEqual([
      ['TAG#L2', 1],
      ['TAG#L1', -1],
    ]);
  });

  it('refuses a tag that is not a lane', async () => {
    expect(await errorCodeOf(moveToKanbanLane(admin, 'T1', 'G2'))).toBe('ERR_NO_TAG_FOUND');
  });
});
