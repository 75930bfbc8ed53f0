/**
 * Ticket search through the HTTP API on the local cloud: pages of 20 with a cursor, a ticket that moved
 * to another queue found by the people of that queue (its word index copies follow it) and by nobody
 * else, a stale copy never showing a ticket the caller may not see, and two words finding the tickets that
 * use both beyond the newest hundred of each, and the one-off build of word marks for tickets stored before
 * them; a moved ticket found by words of messages that share one instant; by a contact's name: any word's
 * start, a rename, a transfer, and the one-off build of the name index for tickets stored before it.
 */
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { dynamo } from '../../functions/core/aws/clients';
import { buildNameIndex } from '../../functions/core/migrations/build-name-index';
import { buildWordMarks } from '../../functions/core/migrations/build-word-marks';
import { putNewContact, type Contact } from '../../functions/core/repositories/contacts';
import { nameEntryItems } from '../../functions/core/repositories/name-index';
import { batchWriteAll, updateExistingItem } from '../../functions/core/repositories/table';
import { keys, ticketListIndexes } from '../../functions/core/repositories/keys';
import { wordEntryItems } from '../../functions/core/repositories/word-index';
import type { TicketDto } from '../../shared/tickets';
import { handleWhatsAppEvent } from '../../functions/workers/wa-events';
import { markConnected } from '../support/connections';
import { startTestCloud, type TestCloud } from '../support/local-cloud';
import { addUser, createTenant, type SignedInUser, type Tenant } from '../support/tenants';
import { ifAssigned } from '../support/teardown';

let cloud: TestCloud;
let tenant: Tenant;
let queueA: string;
let queueB: string;
let agentA: SignedInUser;
let agentB: SignedInUser;

beforeAll(async () => {
  cloud = await startTestCloud();
  tenant = await createTenant(cloud);
  queueA = tenant.queueId;
  const second = await cloud.api('/queue', { method: 'POST', token: tenant.admin.token, body: { name: 'Financeiro', color: '#b91c1c', greetingMessage: 'Olá!' } });
  if (second.status !== 201) throw new Error(`POST /queue answered ${second.status}`);
  queueB = second.body.id;
  agentA = await addUser(cloud, tenant, 'user', [queueA]);
  agentB = await addUser(cloud, tenant, 'user', [queueB]);
});

afterAll(async () => {
  await ifAssigned(cloud)?.stop();
});

let phone = Date.now() % 100_000_000;

async function newContact(name?: string): Promise<Contact> {
  phone += 1;
  const at = new Date().toISOString();
  const contact: Contact = {
    id: ulid(),
    companyId: tenant.companyId,
    name: name ?? `Cliente ${phone}`,
    number: `55119${String(phone).padStart(8, '0').slice(-8)}`,
    email: '',
    profilePicUrl: null,
    extraInfo: [],
    isGroup: false,
    createdAt: at,
    updatedAt: at,
  };
  expect(await putNewContact(contact)).toBe('created');
  return contact;
}

/** An open ticket of `queueId`, taken by `user`, whose conversation says `text`. */
async function ticketSaying(user: SignedInUser, queueId: string, text: string): Promise<TicketDto> {
  const created = await cloud.api('/tickets', { method: 'POST', token: user.token, body: { contactId: (await newContact()).id, queueId, status: 'open', userId: user.id } });
  if (created.status !== 201) throw new Error(`POST /tickets answered ${created.status}: ${JSON.stringify(created.body)}`);
  const sent = await cloud.api(`/messages/${String(created.body.id)}`, { method: 'POST', token: user.token, body: { body: text } });
  if (sent.status !== 201) throw new Error(`POST /messages answered ${sent.status}: ${JSON.stringify(sent.body)}`);
  return created.body;
}

async function search(user: SignedInUser, term: string, extra = ''): Promise<{ tickets: TicketDto[]; hasMore: boolean; nextCursor: string | null }> {
  const response = await cloud.api(`/tickets?searchParam=${encodeURIComponent(term)}&showAll=true${extra}`, { token: user.token });
  if (response.status !== 200) throw new Error(`GET /tickets answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body;
}

const idsOf = (tickets: readonly TicketDto[]) => tickets.map((ticket) => ticket.id);
/** A word no other test's message uses. */
const marker = () => `marca${ulid().slice(-10).toLowerCase()}`;

/** Letters only, unlike any other test's names: names are searched by the start of their words. */
const uniqueLetters = () => Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** An open ticket of `queueId` taken by `user`, whose contact is called `name`. */
async function ticketOf(user: SignedInUser, queueId: string, name: string): Promise<{ ticket: TicketDto; contactId: string }> {
  const contact = await newContact(name);
  const created = await cloud.api('/tickets', { method: 'POST', token: user.token, body: { contactId: contact.id, queueId, status: 'open', userId: user.id } });
  if (created.status !== 201) throw new Error(`POST /tickets answered ${created.status}: ${JSON.stringify(created.body)}`);
  return { ticket: created.body, contactId: contact.id };
}

/** Searches until `found` holds (a rename reaches the index asynchronously); fails after `timeoutMs`. */
async function searchUntil(user: SignedInUser, term: string, found: (tickets: TicketDto[]) => boolean, timeoutMs = 5000): Promise<TicketDto[]> {
  const deadline = Date.now() + timeoutMs;
  let last: TicketDto[] = [];
  while (Date.now() < deadline) {
    last = (await search(user, term)).tickets;
    if (found(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`search for '${term}' never showed the change; last seen: ${JSON.stringify(idsOf(last))}`);
}

describe("GET /tickets?searchParam by a contact's name", () => {
  it('finds the tickets of a contact by the start of any word of its name, accents and case aside, within the caller\'s queues', async () => {
    const word = uniqueLetters();
    const { ticket } = await ticketOf(agentA, queueA, `Ana Jõ${word} Souza`);

    for (const term of [`ana jo${word}`, `JO${word.slice(0, 4).toUpperCase()}`, `jõ${word} sou`]) {
      expect(idsOf((await search(tenant.admin, term)).tickets)).toEqual([ticket.id]);
    }
    expect(idsOf((await search(agentA, `jo${word}`)).tickets)).toEqual([ticket.id]);
    // Not the middle of a word, and not for an agent of another queue.
    expect((await search(tenant.admin, word.slice(2))).tickets).toEqual([]);
    expect((await search(agentB, `jo${word}`)).tickets).toEqual([]);
  });

  it("finds a renamed contact's tickets by the new name within seconds, and no longer by the old one", async () => {
    const before = uniqueLetters();
    const after = uniqueLetters();
    const { ticket, contactId } = await ticketOf(tenant.admin, queueA, `Carla ${before}`);
    expect(idsOf((await search(tenant.admin, before)).tickets)).toEqual([ticket.id]);

    const renamed = await cloud.api(`/contacts/${contactId}`, { method: 'PUT', token: tenant.admin.token, body: { name: `Carla ${after}` } });
    expect(renamed.status).toBe(200);

    expect(idsOf(await searchUntil(tenant.admin, after, (tickets) => tickets.length > 0))).toEqual([ticket.id]);
    expect((await search(tenant.admin, before)).tickets).toEqual([]);
  });

  it('finds a ticket transferred to another queue by its contact\'s name for the people of that queue only', async () => {
    const word = uniqueLetters();
    const { ticket } = await ticketOf(agentA, queueA, `Bruno ${word}`);
    const moved = await cloud.api(`/tickets/${ticket.id}`, { method: 'PUT', token: agentA.token, body: { queueId: queueB, userId: agentB.id } });
    expect(moved.status).toBe(200);

    expect(idsOf((await search(agentB, word)).tickets)).toEqual([ticket.id]);
    expect((await search(agentA, word)).tickets).toEqual([]);
  });

  it("gives tickets stored before the name index their entries in the one-off build, which runs once per company", async () => {
    const word = uniqueLetters();
    const { ticket } = await ticketOf(tenant.admin, queueA, `Diego ${word}`);
    // As a ticket stored before the index: no entries, and the company not marked built.
    await batchWriteAll(nameEntryItems({ ...ticket, companyId: tenant.companyId }, `Diego ${word}`).map((item) => ({ DeleteRequest: { Key: { PK: item.PK, SK: item.SK } } })));
    await dynamo().send(new DeleteCommand({ TableName: cloud.tableName, Key: keys.nameIndexMark(tenant.companyId) }));
    expect((await search(tenant.admin, word)).tickets).toEqual([]);

    expect(await buildNameIndex(tenant.companyId)).toBeGreaterThan(0);
    expect(idsOf((await search(tenant.admin, word)).tickets)).toEqual([ticket.id]);
    expect(await buildNameIndex(tenant.companyId)).toBe(0);
  });
});

describe('GET /tickets?searchParam', () => {
  it('answers 20 tickets a page, newest first, and the rest through the cursor, each ticket once', async () => {
    const word = marker();
    const made: TicketDto[] = [];
    for (let index = 0; index < 23; index += 1) made.push(await ticketSaying(tenant.admin, queueA, `Pedido ${word} numero ${index}`));

    const first = await search(tenant.admin, word);
    const second = await search(tenant.admin, word, `&cursor=${String(first.nextCursor)}`);

    expect(first).toMatchObject({ hasMore: true, nextCursor: expect.any(String) });
    expect(first.tickets).toHaveLength(20);
    expect(second).toMatchObject({ hasMore: false, nextCursor: null });
    expect([...idsOf(first.tickets), ...idsOf(second.tickets)]).toEqual(idsOf(made).reverse());
  });

  it('finds a ticket transferred to another queue for the people of that queue, by words written before, and no longer for the queue it left', async () => {
    const word = marker();
    const ticket = await ticketSaying(agentA, queueA, `O boleto ${word} venceu`);
    expect(idsOf((await search(agentA, word)).tickets)).toEqual([ticket.id]);
    expect((await search(agentB, word)).tickets).toEqual([]);

    const moved = await cloud.api(`/tickets/${ticket.id}`, { method: 'PUT', token: agentA.token, body: { queueId: queueB, userId: agentB.id } });
    expect(moved.status).toBe(200);

    expect(idsOf((await search(agentB, word)).tickets)).toEqual([ticket.id]);
    expect((await search(agentA, word)).tickets).toEqual([]);
    // The users filter follows the new holder too.
    expect(idsOf((await search(tenant.admin, word, `&users=${encodeURIComponent(JSON.stringify([agentB.id]))}`)).tickets)).toEqual([ticket.id]);
  });

  it('finds a ticket moved to another queue by words its contact wrote in messages that share one instant', async () => {
    const word = marker();
    // WhatsApp stamps messages to the second: a burst from the contact shares its time.
    const whatsappId = ulid();
    await markConnected(tenant.companyId, whatsappId);
    // The connection's one queue (A) takes the ticket: its entries copy a queue agent B may not see.
    await updateExistingItem(keys.connection(tenant.companyId, whatsappId), { queueIds: [queueA] });
    phone += 1;
    const from = `55119${String(phone).padStart(8, '0').slice(-8)}`;
    const timestamp = Date.now() - 1000;
    for (const body of [`Meu ${word} chegou`, `O ${word} veio quebrado`]) {
      await handleWhatsAppEvent({
        type: 'message',
        companyId: tenant.companyId,
        whatsappId,
        chat: { id: from, isGroup: false },
        whatsappMessageId: `S${ulid()}`,
        fromMe: false,
        pushName: 'Rita',
        timestamp,
        mediaType: 'chat',
        body,
        media: null,
        quotedWhatsappMessageId: null,
      });
    }
    const [ticket] = (await search(tenant.admin, word)).tickets;
    if (!ticket) throw new Error('the inbound ticket is not found by its word');
    expect((await search(agentB, word)).tickets).toEqual([]);

    const moved = await cloud.api(`/tickets/${ticket.id}`, { method: 'PUT', token: tenant.admin.token, body: { queueId: queueB, userId: agentB.id } });
    expect(moved.status).toBe(200);

    expect(idsOf((await search(agentB, word)).tickets)).toEqual([ticket.id]);
  });

  it('never shows a ticket outside the caller\'s queues, even when its word entries still say it is in theirs', async () => {
    const word = marker();
    const ticket = await ticketSaying(agentA, queueA, `Entrega ${word} atrasada`);
    // Moved behind the index's back: its word entries still copy queue A.
    const after = { ...ticket, companyId: tenant.companyId, queueId: queueB };
    const { GSI2PK } = ticketListIndexes(after);
    await dynamo().send(
      new UpdateCommand({
        TableName: cloud.tableName,
        Key: keys.ticket(tenant.companyId, ticket.id),
        UpdateExpression: 'SET queueId = :queue, GSI2PK = :gsi2pk',
        ExpressionAttributeValues: { ':queue': queueB, ':gsi2pk': GSI2PK },
      }),
    );

    expect((await search(agentA, word)).tickets).toEqual([]);
    expect(idsOf((await search(tenant.admin, word)).tickets)).toEqual([ticket.id]);
  });

  it('finds by two words the older tickets that use both, when each word has 160 newer tickets of its own', async () => {
    const first = marker();
    const second = marker();
    const both = [await ticketSaying(tenant.admin, queueA, `A ${first} chegou com ${second}`), await ticketSaying(tenant.admin, queueA, `${second} e ${first}`)];
    // Newer uses of one word only, by tickets that are gone: the reader drops them.
    const later = (n: number) => new Date(Date.now() + 60_000 + n * 1000);
    const only = (word: string) =>
      Array.from({ length: 160 }, (_, n) =>
        wordEntryItems({ companyId: tenant.companyId, id: ulid(), queueId: queueA, userId: null, createdAt: later(0).toISOString() }, `Sobre ${word}`, later(n)),
      ).flat();
    await batchWriteAll([...only(first), ...only(second)].map((Item) => ({ PutRequest: { Item } })));

    expect(idsOf((await search(tenant.admin, `${first} ${second}`)).tickets)).toEqual(idsOf(both).reverse());
  });

  it('gives tickets stored before word marks theirs in the one-off build, so two words find them past the newest uses of the common word', async () => {
    const first = marker();
    const second = marker();
    const ticket = await ticketSaying(tenant.admin, queueA, `${first} com ${second}`);
    // 400 newer uses of the second word, by tickets that are gone: the first word drives, and the ticket
    // is known to use the second only by its mark.
    const later = (n: number) => new Date(Date.now() + 60_000 + n * 1000);
    const gone = Array.from({ length: 400 }, (_, n) =>
      wordEntryItems({ companyId: tenant.companyId, id: ulid(), queueId: queueA, userId: null, createdAt: later(0).toISOString() }, `Sobre ${second}`, later(n)),
    ).flat();
    await batchWriteAll(gone.map((Item) => ({ PutRequest: { Item } })));
    expect(idsOf((await search(tenant.admin, `${first} ${second}`)).tickets)).toEqual([ticket.id]);
    // As a ticket stored before marks: none, and the company not marked built.
    const marks = [first, second].map((word) => keys.ticketWord(tenant.companyId, ticket.id, word));
    await batchWriteAll(marks.map((Key) => ({ DeleteRequest: { Key } })));
    await dynamo().send(new DeleteCommand({ TableName: cloud.tableName, Key: keys.wordMarksMark(tenant.companyId) }));
    expect((await search(tenant.admin, `${first} ${second}`)).tickets).toEqual([]);

    expect(await buildWordMarks(tenant.companyId)).toBeGreaterThan(0);
    expect(idsOf((await search(tenant.admin, `${first} ${second}`)).tickets)).toEqual([ticket.id]);
    expect(await buildWordMarks(tenant.companyId)).toBe(0);
  });
});
