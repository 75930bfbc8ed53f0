/**
 * Realtime rooms end to end on the local cloud, with real WebSocket clients: the join and leave actions
 * of spec 1 §4.5 and the server's answer to each join (`joined`, `joinRefused`), the queue rule of the ticket rooms (agents hear only tickets of their queues, and of no
 * queue with allTicket enabled; admins hear all), the `delete` a list hears when a ticket leaves it, the
 * access check of the chat box, and the cleanup of memberships ($disconnect, 410 Gone).
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { ClientAction } from '../../shared/realtime-actions';
import type { TicketDto } from '../../shared/tickets';
import { dynamo } from '../../functions/core/aws/clients';
import { publishToCompany, publishToRooms } from '../../functions/core/realtime/publisher';
import { publishTicketUpdate } from '../../functions/core/realtime/ticket-rooms';
import { keys } from '../../functions/core/repositories/keys';
import type { Room } from '../../functions/core/repositories/rooms';
import { joinRooms, putSocket } from '../../functions/core/repositories/sockets';
import { updateExistingItem } from '../../functions/core/repositories/table';
import { ticketItem, type Ticket } from '../../functions/core/repositories/tickets';
import { startTestCloud, type TestCloud } from '../support/local-cloud';
import { realtimeHarness, type RealtimeClient, type ReceivedFrame } from '../support/realtime-client';
import { addUser, createTenant, type SignedInUser, type Tenant } from '../support/tenants';
import { ifAssigned } from '../support/teardown';
import { ticketDto } from '../support/ticket-dto';

const harness = realtimeHarness();
let cloud: TestCloud;
let tenant: Tenant;
let other: Tenant;
let queueA: string;
let queueB: string;
/** A plain user of queue A. */
let agentA: SignedInUser;
/** A plain user of queue A with allTicket enabled. */
let agentAllTicket: SignedInUser;

beforeAll(async () => {
  cloud = await startTestCloud({ loadHandler: harness.loadHandler });
  [tenant, other] = await Promise.all([createTenant(cloud), createTenant(cloud)]);
  queueA = tenant.queueId;
  const created = await cloud.api('/queue', { method: 'POST', token: tenant.admin.token, body: { name: 'Financeiro', color: '#b91c1c', greetingMessage: 'Olá!' } });
  expect(created.status).toBe(201);
  queueB = created.body.id;
  agentA = await addUser(cloud, tenant, 'user', [queueA]);
  agentAllTicket = await addUser(cloud, tenant, 'user', [queueA]);
  const enabled = await cloud.api(`/users/${agentAllTicket.id}`, { method: 'PUT', token: tenant.admin.token, body: { allTicket: 'enabled' } });
  expect(enabled.status).toBe(200);
});

afterEach(async () => {
  await harness.closeAll();
});

afterAll(async () => {
  await ifAssigned(cloud)?.stop();
});

// ---- helpers ---------------------------------------------------------------------------------------


/** A ticket item written as the tickets module writes it (for the chat box's access check). */
async function storeTicket(companyId: string, queueId: string | null): Promise<Ticket> {
  const now = new Date().toISOString();
  const ticket: Ticket = {
    id: ulid(),
    uuid: ulid(),
    companyId,
    status: 'open',
    contactId: 'contact-1',
    userId: null,
    userName: null,
    queueId,
    whatsappId: null,
    tagIds: [],
    isGroup: false,
    chatbot: false,
    useIntegration: false,
    promptId: null,
    integrationId: null,
    lastMessage: '',
    unreadMessages: 0,
    createdAt: now,
    updatedAt: now,
  };
  await dynamo().send(new PutCommand({ TableName: cloud.tableName, Item: ticketItem(ticket) }));
  return ticket;
}

const ticketFrames = (client: RealtimeClient, companyId = tenant.companyId) =>
  client.frames.filter((frame) => frame.event === `company-${companyId}-ticket`);

const isTicketEvent = (action: string, ticketId: string) => (frame: ReceivedFrame) => {
  const data = frame.data as { action?: string; ticketId?: string; ticket?: { id?: string } };
  return frame.event.endsWith('-ticket') && data.action === action && (data.ticketId ?? data.ticket?.id) === ticketId;
};

const answerTo = (room: string) => (frame: ReceivedFrame) =>
  (frame.event === 'joined' || frame.event === 'joinRefused') && (frame.data as { room?: string }).room === room;

const heardOf = (client: RealtimeClient, ticketId: string) => ticketFrames(client).filter((frame) => isTicketEvent('update', ticketId)(frame) || isTicketEvent('delete', ticketId)(frame));

/**
 * A frame the client hears in any case (its user room), published after the events under test: the
 * publisher posts one event after the other, and a socket delivers in order, so once the marker is
 * here every earlier event that was going to arrive has arrived.
 */
async function marker(client: RealtimeClient, userId: string): Promise<void> {
  const value = ulid();
  await publishToCompany(tenant.companyId, `user:${userId}`, 'settings', { action: 'update', setting: { key: 'call', value } });
  await client.waitFor((frame) => (frame.data as { setting?: { value?: string } }).setting?.value === value);
}

async function storedRooms(companyId: string, socketId: string): Promise<string[] | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: cloud.tableName, Key: keys.socket(companyId, socketId), ConsistentRead: true }),
  );
  return Item ? [...((Item.rooms ?? []) as Iterable<string>)].sort() : undefined;
}

async function membership(companyId: string, room: string, socketId: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: cloud.tableName, Key: keys.roomMember(companyId, room, socketId), ConsistentRead: true }),
  );
  return Item;
}

async function connectAs(user: SignedInUser, ...actions: ClientAction[]): Promise<RealtimeClient> {
  const client = await harness.connect(cloud, user.token);
  for (const action of actions) await client.act(action);
  return client;
}

// ---- tests -----------------------------------------------------------------------------------------

describe('joining and leaving', () => {
  it('answers a join with `joined` to the joining socket only, after which it hears every event of the room', async () => {
    const bystander = await connectAs(agentA);
    const client = await connectAs(agentA);
    const ticket = ticketDto({ status: 'pending', queueId: queueA });

    // As the web does: send the join and wait for nothing but its answer.
    const sentAt = Date.now();
    client.send({ action: 'joinTickets', status: 'pending' });
    const answer = await client.waitFor(answerTo('tickets:pending'));
    // A figure, printed and not asserted (no wall-clock assertions).
    process.stdout.write(`[realtime-rooms] join answered ${answer.receivedAt - sentAt} ms after it was sent\n`);
    await publishTicketUpdate(tenant.companyId, ticket);
    const heard = await client.waitFor(isTicketEvent('update', ticket.id));
    await marker(bystander, agentA.id);

    expect(answer).toMatchObject({ event: 'joined', data: { room: 'tickets:pending' } });
    expect(client.frames.indexOf(answer)).toBeLessThan(client.frames.indexOf(heard));
    expect(bystander.frames.filter(answerTo('tickets:pending'))).toEqual([]);
  });

  it('names every join in its answer the way the web names the room', async () => {
    const ticket = await storeTicket(tenant.companyId, queueA);
    const client = await connectAs(agentA, { action: 'joinNotification' }, { action: 'joinTickets', status: 'closed' }, { action: 'joinChatBox', ticketId: ticket.id });

    // The last answer is posted after the others, on the same socket: once it is here, they are too.
    await client.waitFor(answerTo(`chatBox:${ticket.id}`));
    const answers = client.frames.filter((frame) => frame.event === 'joined').map((frame) => frame.data);

    expect(answers).toEqual([{ room: 'notification' }, { room: 'tickets:closed' }, { room: `chatBox:${ticket.id}` }]);
  });

  it('joins a status list, hears its tickets, and hears nothing of it after leaving', async () => {
    const client = await connectAs(agentA, { action: 'joinTickets', status: 'open' });
    const ticket = ticketDto({ status: 'open', queueId: queueA });

    await publishTicketUpdate(tenant.companyId, ticket);
    const heard = await client.waitFor(isTicketEvent('update', ticket.id));
    await client.act({ action: 'leaveTickets', status: 'open' });
    await publishTicketUpdate(tenant.companyId, { ...ticket, lastMessage: 'depois' });
    await marker(client, agentA.id);

    expect(heard.data).toEqual({ action: 'update', ticket });
    expect(heardOf(client, ticket.id)).toHaveLength(1);
    expect(await storedRooms(tenant.companyId, client.socketId)).toEqual(['company', `user:${agentA.id}`]);
    expect(await membership(tenant.companyId, `tickets:open:queue:${queueA}`, client.socketId)).toBeUndefined();
  });

  it('stores each membership with the connection\'s TTL and lists it on the connection', async () => {
    const client = await connectAs(agentA, { action: 'joinTickets', status: 'pending' }, { action: 'joinNotification' });

    const rooms = await storedRooms(tenant.companyId, client.socketId);
    const { Item: connection } = await dynamo().send(
      new GetCommand({ TableName: cloud.tableName, Key: keys.socket(tenant.companyId, client.socketId) }),
    );
    const member = await membership(tenant.companyId, `tickets:pending:queue:${queueA}`, client.socketId);

    expect(rooms).toEqual(['company', `notification:queue:${queueA}`, `tickets:pending:queue:${queueA}`, `user:${agentA.id}`]);
    expect(member).toMatchObject({ socketId: client.socketId, userId: agentA.id, expiresAt: connection?.expiresAt });
  });

  it('forgets every membership of a connection when it closes', async () => {
    const ticket = await storeTicket(tenant.companyId, queueA);
    const client = await connectAs(
      agentA,
      { action: 'joinTickets', status: 'open' },
      { action: 'joinNotification' },
      { action: 'joinChatBox', ticketId: ticket.id },
    );
    const rooms = (await storedRooms(tenant.companyId, client.socketId)) ?? [];
    expect(rooms).toHaveLength(5);

    await client.close();

    expect(await storedRooms(tenant.companyId, client.socketId)).toBeUndefined();
    for (const room of rooms) expect(await membership(tenant.companyId, room, client.socketId)).toBeUndefined();
  });

  it('moves an agent to the rooms of their current queues: a change of queues closes the socket, the next one joins the new queues', async () => {
    const agent = await addUser(cloud, tenant, 'user', [queueA]);
    const client = await connectAs(agent, { action: 'joinTickets', status: 'open' });
    const moved = await cloud.api(`/users/${agent.id}`, { method: 'PUT', token: tenant.admin.token, body: { queueIds: [queueB] } });
    expect(moved.status).toBe(200);
    await client.closed();

    const again = await connectAs(agent, { action: 'joinTickets', status: 'open' });

    expect(await storedRooms(tenant.companyId, client.socketId)).toBeUndefined();
    expect(await membership(tenant.companyId, `tickets:open:queue:${queueA}`, client.socketId)).toBeUndefined();
    expect(await storedRooms(tenant.companyId, again.socketId)).toEqual(['company', `tickets:open:queue:${queueB}`, `user:${agent.id}`]);
  });

  it('leaves the stale rooms of a list the user may no longer hear when the same socket joins it again', async () => {
    const agent = await addUser(cloud, tenant, 'user', [queueA]);
    const client = await connectAs(agent, { action: 'joinTickets', status: 'open' });
    // The queues changed without the socket being closed (as if that close had failed).
    await updateExistingItem(keys.user(tenant.companyId, agent.id), { queueIds: [queueB] });

    await client.act({ action: 'joinTickets', status: 'open' });

    expect(await storedRooms(tenant.companyId, client.socketId)).toEqual(['company', `tickets:open:queue:${queueB}`, `user:${agent.id}`]);
    expect(await membership(tenant.companyId, `tickets:open:queue:${queueA}`, client.socketId)).toBeUndefined();
  });

  it('drops malformed actions without joining anything', async () => {
    const client = await connectAs(agentA);

    await client.sendRaw(JSON.stringify({ action: 'joinTickets', status: 'archived' }));
    await client.sendRaw(JSON.stringify({ action: 'joinChatBox', ticketId: 'x#y' }));
    await client.sendRaw(JSON.stringify({ action: 'joinTickets' }));

    expect(await storedRooms(tenant.companyId, client.socketId)).toEqual(['company', `user:${agentA.id}`]);
  });
});

describe('who hears a ticket', () => {
  it('an agent of queue A joined to open tickets hears those of queue A, never those of queue B or without queue', async () => {
    const client = await connectAs(agentA, { action: 'joinTickets', status: 'open' });
    const ofB = ticketDto({ status: 'open', queueId: queueB });
    const withoutQueue = ticketDto({ status: 'open', queueId: null });
    const ofA = ticketDto({ status: 'open', queueId: queueA });

    await publishTicketUpdate(tenant.companyId, ofB);
    await publishTicketUpdate(tenant.companyId, withoutQueue);
    await publishTicketUpdate(tenant.companyId, ofA);
    await client.waitFor(isTicketEvent('update', ofA.id));
    await marker(client, agentA.id);

    expect(ticketFrames(client).map((frame) => (frame.data as { ticket: TicketDto }).ticket.id)).toEqual([ofA.id]);
  });

  it('an agent with allTicket enabled also hears tickets without queue, still not those of queue B', async () => {
    const client = await connectAs(agentAllTicket, { action: 'joinTickets', status: 'open' });
    const ofB = ticketDto({ status: 'open', queueId: queueB });
    const withoutQueue = ticketDto({ status: 'open', queueId: null });
    const ofA = ticketDto({ status: 'open', queueId: queueA });

    await publishTicketUpdate(tenant.companyId, ofB);
    await publishTicketUpdate(tenant.companyId, withoutQueue);
    await publishTicketUpdate(tenant.companyId, ofA);
    await client.waitFor(isTicketEvent('update', ofA.id));
    await marker(client, agentAllTicket.id);

    expect(ticketFrames(client).map((frame) => (frame.data as { ticket: TicketDto }).ticket.id)).toEqual([withoutQueue.id, ofA.id]);
  });

  it('an admin hears every ticket of the status, once each', async () => {
    const client = await connectAs(tenant.admin, { action: 'joinTickets', status: 'pending' }, { action: 'joinNotification' });
    const tickets = [ticketDto({ status: 'pending', queueId: queueB }), ticketDto({ status: 'pending', queueId: null }), ticketDto({ status: 'pending', queueId: queueA })];

    for (const ticket of tickets) await publishTicketUpdate(tenant.companyId, ticket);
    await client.waitFor(isTicketEvent('update', tickets[2]!.id));
    await marker(client, tenant.admin.id);

    expect(ticketFrames(client).map((frame) => (frame.data as { ticket: TicketDto }).ticket.id)).toEqual(tickets.map((ticket) => ticket.id));
  });

  it('a list of another status hears nothing', async () => {
    const client = await connectAs(agentA, { action: 'joinTickets', status: 'closed' });

    await publishTicketUpdate(tenant.companyId, ticketDto({ status: 'open', queueId: queueA }));
    await marker(client, agentA.id);

    expect(ticketFrames(client)).toEqual([]);
  });

  it('notifications reach an agent for tickets of their queues only', async () => {
    const client = await connectAs(agentA, { action: 'joinNotification' });
    const ofB = ticketDto({ status: 'pending', queueId: queueB });
    const ofA = ticketDto({ status: 'pending', queueId: queueA });

    await publishTicketUpdate(tenant.companyId, ofB);
    await publishTicketUpdate(tenant.companyId, ofA);
    await client.waitFor(isTicketEvent('update', ofA.id));
    await marker(client, agentA.id);

    expect(ticketFrames(client)).toHaveLength(1);
  });

  it('a ticket moving from pending to open: the pending list hears delete, the open list hears update', async () => {
    const pendingList = await connectAs(agentA, { action: 'joinTickets', status: 'pending' });
    const openList = await connectAs(agentAllTicket, { action: 'joinTickets', status: 'open' });
    const accepted = ticketDto({ status: 'open', queueId: queueA });

    await publishTicketUpdate(tenant.companyId, accepted, { id: accepted.id, status: 'pending', queueId: queueA });
    const deleted = await pendingList.waitFor(isTicketEvent('delete', accepted.id));
    const updated = await openList.waitFor(isTicketEvent('update', accepted.id));
    await marker(pendingList, agentA.id);
    await marker(openList, agentAllTicket.id);

    expect(deleted.data).toEqual({ action: 'delete', ticketId: accepted.id });
    expect(updated.data).toEqual({ action: 'update', ticket: accepted });
    expect(ticketFrames(pendingList)).toHaveLength(1);
    expect(ticketFrames(openList)).toHaveLength(1);
  });
});

describe('chat box', () => {
  it('joins the chat box of a ticket of the agent\'s queue and hears it until leaving', async () => {
    const ticket = await storeTicket(tenant.companyId, queueA);
    const client = await connectAs(agentA, { action: 'joinChatBox', ticketId: ticket.id });

    await publishToRooms(tenant.companyId, [`ticket:${ticket.id}`], 'ticket', { action: 'updateUnread', ticketId: ticket.id });
    await client.waitFor(isTicketEvent('updateUnread', ticket.id));
    await client.act({ action: 'leaveChatBox', ticketId: ticket.id });
    await publishToRooms(tenant.companyId, [`ticket:${ticket.id}`], 'ticket', { action: 'updateUnread', ticketId: ticket.id });
    await marker(client, agentA.id);

    expect(ticketFrames(client)).toHaveLength(1);
    expect(await membership(tenant.companyId, `ticket:${ticket.id}`, client.socketId)).toBeUndefined();
  });

  it('refuses the chat box of a ticket of a queue outside the agent\'s queues with ERR_NO_PERMISSION: nothing is joined or heard', async () => {
    const ticket = await storeTicket(tenant.companyId, queueB);
    const client = await connectAs(agentA, { action: 'joinChatBox', ticketId: ticket.id });

    await publishToRooms(tenant.companyId, [`ticket:${ticket.id}`], 'ticket', { action: 'updateUnread', ticketId: ticket.id });
    await marker(client, agentA.id);

    expect(client.frames.filter(answerTo(`chatBox:${ticket.id}`)).map(({ event, data }) => ({ event, data }))).toEqual([
      { event: 'joinRefused', data: { room: `chatBox:${ticket.id}`, error: 'ERR_NO_PERMISSION' } },
    ]);
    expect(ticketFrames(client)).toEqual([]);
    expect(await storedRooms(tenant.companyId, client.socketId)).toEqual(['company', `user:${agentA.id}`]);
    expect(await membership(tenant.companyId, `ticket:${ticket.id}`, client.socketId)).toBeUndefined();
  });

  it('refuses the chat box of a ticket without queue to an agent without allTicket, and grants it with allTicket', async () => {
    const ticket = await storeTicket(tenant.companyId, null);
    const refused = await connectAs(agentA, { action: 'joinChatBox', ticketId: ticket.id });
    const granted = await connectAs(agentAllTicket, { action: 'joinChatBox', ticketId: ticket.id });

    expect(await membership(tenant.companyId, `ticket:${ticket.id}`, refused.socketId)).toBeUndefined();
    expect(await membership(tenant.companyId, `ticket:${ticket.id}`, granted.socketId)).toBeDefined();
  });

  it('refuses the chat box of another company\'s ticket even to an admin, as not found: nothing is joined or heard', async () => {
    const foreign = await storeTicket(other.companyId, other.queueId);
    const client = await connectAs(tenant.admin, { action: 'joinChatBox', ticketId: foreign.id });

    await publishToRooms(tenant.companyId, [`ticket:${foreign.id}`], 'ticket', { action: 'updateUnread', ticketId: foreign.id });
    await publishToRooms(other.companyId, [`ticket:${foreign.id}`], 'ticket', { action: 'updateUnread', ticketId: foreign.id });
    await marker(client, tenant.admin.id);

    expect(client.frames.find(answerTo(`chatBox:${foreign.id}`))?.data).toEqual({ room: `chatBox:${foreign.id}`, error: 'ERR_NO_TICKET_FOUND' });
    expect(client.frames.filter((frame) => frame.event.endsWith('-ticket'))).toEqual([]);
    expect(await storedRooms(tenant.companyId, client.socketId)).toEqual(['company', `user:${tenant.admin.id}`]);
    expect(await membership(tenant.companyId, `ticket:${foreign.id}`, client.socketId)).toBeUndefined();
    expect(await membership(other.companyId, `ticket:${foreign.id}`, client.socketId)).toBeUndefined();
  });
});

describe('410 Gone', () => {
  it('removes the room memberships of a connection that is gone when a publish hits it, and still reaches the others', async () => {
    const listener = await connectAs(agentA, { action: 'joinTickets', status: 'open' });
    const now = new Date();
    const vanished = `gone${ulid()}`;
    const rooms: Room[] = [`tickets:open:queue:${queueA}`, `ticket:${ulid()}`];
    await putSocket({ socketId: vanished, companyId: tenant.companyId, userId: agentA.id, connectedAt: now.toISOString() }, ['company'], now);
    expect(await joinRooms(tenant.companyId, vanished, rooms)).toBe(true);
    expect(await membership(tenant.companyId, rooms[0]!, vanished)).toBeDefined();
    const ticket = ticketDto({ status: 'open', queueId: queueA });

    await publishTicketUpdate(tenant.companyId, ticket);

    await listener.waitFor(isTicketEvent('update', ticket.id));
    expect(await storedRooms(tenant.companyId, vanished)).toBeUndefined();
    for (const room of ['company', ...rooms]) expect(await membership(tenant.companyId, room, vanished)).toBeUndefined();
  });

  it('joins nothing for a connection that is already gone', async () => {
    const vanished = `gone${ulid()}`;

    const joined = await joinRooms(tenant.companyId, vanished, [`tickets:open:queue:${queueA}`]);

    expect(joined).toBe(false);
    expect(await membership(tenant.companyId, `tickets:open:queue:${queueA}`, vanished)).toBeUndefined();
  });
});
