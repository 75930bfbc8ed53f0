/**
 * The contact-name index's keys: a name gives an entry per word start, folded, in the partition of its
 * first characters; a term finds them by `begins_with` on the rest.
 */
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { findTicketsByName, foldName, nameEntryItems, nameStarts, NAME_WORDS } from '../../../functions/core/repositories/name-index';

process.env.TABLE_NAME = 'table-under-test';

const ddb = mockClient(DynamoDBDocumentClient);
const ticket = { companyId: 'C1', id: 'T1', queueId: 'Q1', userId: null, createdAt: '2030-01-01T00:00:00.000Z' };

beforeEach(() => {
  ddb.reset();
});

describe('the contact-name index', () => {
  it('folds accents, case and every run of other characters to one space', () => {
    expect(foldName('  JOÃO  da-Silva (Loja 2) ')).toBe('joao da silva loja 2');
  });

  it('gives an entry per word start that leaves at least 3 characters, at most NAME_WORDS', () => {
    expect(nameStarts('Ana Maria da Souza')).toEqual(['ana maria da souza', 'maria da souza', 'da souza', 'souza']);
    expect(nameStarts('Ana Bo')).toEqual(['ana bo']);
    expect(nameStarts('a b c d e f g h')).toHaveLength(NAME_WORDS);
    expect(nameStarts('😀')).toEqual([]);
  });

  it('keys an entry by the partition of its first 3 characters and sorts it by the rest, then the ticket', () => {
    expect(nameEntryItems(ticket, 'Zé Ana').map(({ PK, SK }) => ({ PK, SK }))).toEqual([
      { PK: 'C#C1#NAME#ze ', SK: 'ana#T1' },
      { PK: 'C#C1#NAME#ana', SK: '#T1' },
    ]);
  });

  it('looks a term up in its partition by the rest, and not at all when it is shorter than 3 characters', async () => {
    ddb.on(QueryCommand).resolves({
      Items: [
        { ticketId: 'T1', queueId: 'Q1', userId: null, ticketCreatedAt: '2030-01-01T00:00:00.000Z' },
        { ticketId: 'T1', queueId: 'Q1', userId: null, ticketCreatedAt: '2030-01-01T00:00:00.000Z' },
      ],
    });

    expect(await findTicketsByName('C1', 'Ma', 10)).toBeUndefined();
    expect(await findTicketsByName('C1', 'Már', 10)).toEqual([
      { ticketId: 'T1', orderKey: '2030-01-01T00:00:00.000Z#T1', ticket: { queueId: 'Q1', userId: null, createdAt: '2030-01-01T00:00:00.000Z' } },
    ]);
    await findTicketsByName('C1', 'MARIA S', 10);

    expect(ddb.commandCalls(QueryCommand).map((call) => [call.args[0].input.KeyConditionExpression, call.args[0].input.ExpressionAttributeValues])).toEqual([
      ['PK = :pk', { ':pk': 'C#C1#NAME#mar' }],
      ['PK = :pk AND begins_with(SK, :rest)', { ':pk': 'C#C1#NAME#mar', ':rest': 'ia s' }],
    ]);
  });
});
