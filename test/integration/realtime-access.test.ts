/**
 * Access that ends ends the user's sockets at once (docs/architecture.md §8), end to end on the local cloud with
 * real WebSocket clients: deleting a user, a logout, a password set by an admin and deactivating a
 * company close the sockets through the management API's DeleteConnection and forget their rooms; a
 * socket ticket minted before is refused at `$connect`; a change of an agent's queues closes their
 * sockets, and the socket opened again hears only the queues they still have; a join from a socket
 * whose user has lost access closes it. Each close is awaited as the socket's close event, never timed.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import WebSocket from 'ws';
import type { TicketStatus } from '../../shared/tickets';
import { dynamo } from '../../functions/core/aws/clients';
import { publishTicketUpdate } from '../../functions/core/realtime/ticket-rooms';
import { keys } from '../../functions/core/repositories/keys';
import { updateExistingItem } from '../../functions/core/repositories/table';
import { DEMO_LOGIN, startTestCloud, type TestCloud } from '../support/local-cloud';
import { realtimeHarness, type RealtimeClient, type ReceivedFrame } from '../support/realtime-client';
import { addUser, createTenant, TEST_PASSWORD, type SignedInUser, type Tenant } from '../support/tenants';
import { ifAssigned } from '../support/teardown';
import { ticketDto } from '../support/ticket-dto';
import { nextSecond } from '../support/next-second';

const harness = realtimeHarness();
let cloud: TestCloud;
let tenant: Tenant;
let queueA: string;
let queueB: string;

beforeAll(async () => {
  cloud = await startTestCloud({ loadHandler: harness.loadHandler });
  tenant = await createTenant(cloud);
  queueA = tenant.queueId;
  const created = await cloud.api('/queue', { method: 'POST', token: tenant.admin.token, body: { name: 'Financeiro', color: '#b91c1c', greetingMessage: 'Olá!' } });
  expect(created.status).toBe(201);
  queueB = created.body.id;
});

afterEach(async () => {
  await harness.closeAll();
});

afterAll(async () => {
  await ifAssigned(cloud)?.stop();
});

// ---- helpers ---------------------------------------------------------------------------------------

async function mintTicket(token: string): Promise<string> {
  const response = await cloud.api('/realtime/ticket', { method: 'POST', token });
  expect(response.status).toBe(201);
  return response.body.ticket;
}

/** Opens a socket with a ticket; resolves with the HTTP status that refused the upgrade, or 101 once open. */
function openWith(ticket: string): Promise<number> {
  const socket = new WebSocket(`${cloud.config.wsUrl}?ticket=${encodeURIComponent(ticket)}`);
  return new Promise((resolve) => {
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
  });
}

async function storedConnection(companyId: string, socketId: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: cloud.tableName, Key: keys.socket(companyId, socketId), ConsistentRead: true }),
  );
  return Item;
}

async function membership(companyId: string, room: string, socketId: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: cloud.tableName, Key: keys.roomMember(companyId, room, socketId), ConsistentRead: true }),
  );
  return Item;
}

/** Asserts that nothing of the socket is left in the table: its connection item and the given rooms. */
async function expectForgotten(companyId: string, client: RealtimeClient, rooms: readonly string[]): Promise<void> {
  expect(await storedConnection(companyId, client.socketId)).toBeUndefined();
  for (const room of rooms) expect(await membership(companyId, room, client.socketId)).toBeUndefined();
}


const isUpdateOf = (ticketId: string) => (frame: ReceivedFrame) =>
  frame.event.endsWith('-ticket') && (frame.data as { ticket?: { id?: string } }).ticket?.id === ticketId;

async function connectJoined(user: SignedInUser, status: TicketStatus = 'open'): Promise<RealtimeClient> {
  const client = await harness.connect(cloud, user.token);
  await client.act({ action: 'joinTickets', status });
  await client.act({ action: 'joinNotification' });
  return client;
}

// ---- tests -----------------------------------------------------------------------------------------

describe('deleting a user', () => {
  it('closes the deleted user\'s open socket at once and forgets its connection and room memberships', async () => {
    const agent = await addUser(cloud, tenant, 'user', [queueA]);
    const client = await connectJoined(agent);
    expect(await membership(tenant.companyId, `tickets:open:queue:${queueA}`, client.socketId)).toBeDefined();

    const deleted = await cloud.api(`/users/${agent.id}`, { method: 'DELETE', token: tenant.admin.token });

    expect(deleted.status).toBe(204);
    expect(await client.closed()).toBe(1000);
    await expectForgotten(tenant.companyId, client, [
      'company',
      `user:${agent.id}`,
      `tickets:open:queue:${queueA}`,
      `notification:queue:${queueA}`,
    ]);
  });

  it('refuses at $connect a socket ticket minted before the user was deleted', async () => {
    const agent = await addUser(cloud, tenant, 'user', [queueA]);
    const ticket = await mintTicket(agent.token);

    expect((await cloud.api(`/users/${agent.id}`, { method: 'DELETE', token: tenant.admin.token })).status).toBe(204);

    expect(await openWith(ticket)).toBe(401);
  });
});

describe('logout', () => {
  it('closes the user\'s socket and refuses a socket ticket minted before the logout', async () => {
    const agent = await addUser(cloud, tenant, 'user', [queueA]);
    const client = await connectJoined(agent);
    const ticket = await mintTicket(agent.token);

    expect((await cloud.api('/auth/logout', { method: 'DELETE', token: agent.token })).status).toBe(204);

    expect(await client.closed()).toBe(1000);
    await expectForgotten(tenant.companyId, client, ['company', `user:${agent.id}`, `tickets:open:queue:${queueA}`]);
    expect(await openWith(ticket)).toBe(401);
  });

  it('lets the user open a socket again after signing in anew', async () => {
    const agent = await addUser(cloud, tenant, 'user', [queueA]);
    expect((await cloud.api('/auth/logout', { method: 'DELETE', token: agent.token })).status).toBe(204);
    // A sign-in in the very second of the sign-out counts as one before it (auth_time has seconds only).
    await nextSecond();
    const { accessToken } = await cloud.signIn(agent.email, TEST_PASSWORD);

    const client = await connectJoined({ ...agent, token: accessToken });

    expect(await membership(tenant.companyId, `tickets:open:queue:${queueA}`, client.socketId)).toBeDefined();
  });
});

describe('a password set by an admin', () => {
  it('closes the user\'s socket and refuses a socket ticket minted before the change', async () => {
    const agent = await addUser(cloud, tenant, 'user', [queueA]);
    const client = await connectJoined(agent);
    const ticket = await mintTicket(agent.token);

    const changed = await cloud.api(`/users/${agent.id}`, { method: 'PUT', token: tenant.admin.token, body: { password: 'Changed123' } });

    expect(changed.status).toBe(200);
    expect(await client.closed()).toBe(1000);
    await expectForgotten(tenant.companyId, client, ['company', `user:${agent.id}`, `tickets:open:queue:${queueA}`]);
    expect(await openWith(ticket)).toBe(401);
  });
});

describe('deactivating a company', () => {
  it('closes the sockets of every user of the company, refuses their tickets, and leaves other companies\' sockets open', async () => {
    const company = await createTenant(cloud);
    const agent = await addUser(cloud, company, 'user', [company.queueId]);
    const adminSocket = await harness.connect(cloud, company.admin.token);
    const agentSocket = await connectJoined(agent);
    const ticket = await mintTicket(agent.token);
    const bystander = await harness.connect(cloud, tenant.admin.token);
    const superUser = await cloud.signIn(DEMO_LOGIN.email, DEMO_LOGIN.password);

    const deactivated = await cloud.api(`/companies/${company.companyId}`, {
      method: 'PUT',
      token: superUser.accessToken,
      body: { status: false },
    });

    expect(deactivated.status).toBe(200);
    expect(await adminSocket.closed()).toBe(1000);
    expect(await agentSocket.closed()).toBe(1000);
    await expectForgotten(company.companyId, adminSocket, ['company', `user:${company.admin.id}`]);
    await expectForgotten(company.companyId, agentSocket, ['company', `user:${agent.id}`, `tickets:open:queue:${company.queueId}`]);
    expect(await openWith(ticket)).toBe(401);
    expect(await storedConnection(tenant.companyId, bystander.socketId)).toBeDefined();
  });
});

describe('removal from a queue', () => {
  it('stops that queue\'s ticket events: the socket closes, and the one opened again hears only the queues left', async () => {
    const agent = await addUser(cloud, tenant, 'user', [queueA, queueB]);
    const before = await connectJoined(agent);
    const ofA = ticketDto({ status: 'open', queueId: queueA });
    await publishTicketUpdate(tenant.companyId, ofA);
    await before.waitFor(isUpdateOf(ofA.id));

    const moved = await cloud.api(`/users/${agent.id}`, { method: 'PUT', token: tenant.admin.token, body: { queueIds: [queueB] } });

    expect(moved.status).toBe(200);
    expect(await before.closed()).toBe(1000);
    await expectForgotten(tenant.companyId, before, [`tickets:open:queue:${queueA}`, `notification:queue:${queueA}`]);
    // As the web does: reconnect with a new ticket and join the same subscriptions again.
    const after = await connectJoined(agent);
    const laterOfA = ticketDto({ status: 'open', queueId: queueA });
    const laterOfB = ticketDto({ status: 'open', queueId: queueB });
    await publishTicketUpdate(tenant.companyId, laterOfA);
    await publishTicketUpdate(tenant.companyId, laterOfB);
    // Published after the one of queue A, on the same socket: once it is here, A's would be too.
    await after.waitFor(isUpdateOf(laterOfB.id));
    expect(after.frames.filter(isUpdateOf(laterOfA.id))).toEqual([]);
    expect(await membership(tenant.companyId, `tickets:open:queue:${queueA}`, after.socketId)).toBeUndefined();
  });

  it('leaves the socket open for a change that does not touch the user\'s rights', async () => {
    const agent = await addUser(cloud, tenant, 'user', [queueA]);
    const client = await connectJoined(agent);

    const renamed = await cloud.api(`/users/${agent.id}`, { method: 'PUT', token: tenant.admin.token, body: { name: 'Renamed agent' } });
    const ticket = ticketDto({ status: 'open', queueId: queueA });
    await publishTicketUpdate(tenant.companyId, ticket);

    expect(renamed.status).toBe(200);
    await client.waitFor(isUpdateOf(ticket.id));
    expect(await storedConnection(tenant.companyId, client.socketId)).toBeDefined();
  });
});

describe('joins re-check the user', () => {
  it('closes a socket whose user lost access without it being closed, joining nothing', async () => {
    const agent = await addUser(cloud, tenant, 'user', [queueA]);
    const client = await harness.connect(cloud, agent.token);
    // The sign-out mark alone, as if the close that follows it had failed.
    await updateExistingItem(keys.user(tenant.companyId, agent.id), { signedOutAt: Math.floor(Date.now() / 1000) + 5 });

    await client.act({ action: 'joinTickets', status: 'open' });

    expect(await client.closed()).toBe(1000);
    await expectForgotten(tenant.companyId, client, ['company', `user:${agent.id}`, `tickets:open:queue:${queueA}`]);
  });
});
