/**
 * The WebSocket path end to end on the local cloud: a ticket minted by the HTTP API opens a socket once,
 * the connection is remembered and forgotten, the management API reaches the browser, and the user's
 * online state follows their connections. (Rooms: realtime-rooms.test.ts.)
 */
import { ApiGatewayManagementApiClient, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { GetCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import WebSocket from 'ws';
import { dynamo } from '../../functions/core/aws/clients';
import { keys } from '../../functions/core/repositories/keys';
import { DEMO_LOGIN, startTestCloud, type TestCloud } from '../support/local-cloud';
import { realtimeHarness } from '../support/realtime-client';
import { addUser, createTenant } from '../support/tenants';
import { ifAssigned } from '../support/teardown';
import { messageText } from '../support/frame-text';

const harness = realtimeHarness();
let cloud: TestCloud;
let token: string;
let companyId: string;

beforeAll(async () => {
  cloud = await startTestCloud({ loadHandler: harness.loadHandler });
  token = (await cloud.signIn(DEMO_LOGIN.email, DEMO_LOGIN.password)).accessToken;
  companyId = (await cloud.api('/auth/me', { token })).body.company.id;
});

afterAll(async () => {
  await harness.closeAll();
  await ifAssigned(cloud)?.stop();
});

async function mintTicket(): Promise<string> {
  const response = await cloud.api('/realtime/ticket', { method: 'POST', token });
  expect(response.status).toBe(201);
  return response.body.ticket;
}

/** Opens a socket and resolves when it is open, or with the HTTP status that refused the upgrade. */
function open(ticket: string | undefined): Promise<{ socket?: WebSocket; refusedWith?: number }> {
  const url = ticket === undefined ? cloud.config.wsUrl : `${cloud.config.wsUrl}?ticket=${encodeURIComponent(ticket)}`;
  const socket = new WebSocket(url);
  return new Promise((resolve) => {
    socket.once('open', () => resolve({ socket }));
    socket.once('unexpected-response', (_request, response) => resolve({ refusedWith: response.statusCode }));
  });
}

/** Test-only: the stored connection items of the company (the product reads one by key, never scans). */
async function storedConnections(): Promise<Record<string, unknown>[]> {
  const { Items = [] } = await dynamo().send(
    new ScanCommand({
      TableName: cloud.tableName,
      FilterExpression: 'entity = :entity AND companyId = :companyId',
      ExpressionAttributeValues: { ':entity': 'socket', ':companyId': companyId },
    }),
  );
  return Items;
}

const waitFor = async (check: () => Promise<boolean>, attempts = 50): Promise<void> => {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('condition not reached');
};

describe('realtime tickets', () => {
  it('refuses a socket without a ticket with 401', async () => {
    expect(await open(undefined)).toEqual({ refusedWith: 401 });
  });

  it('refuses a made-up ticket with 401', async () => {
    expect(await open(`${companyId}.${'A'.repeat(43)}`)).toEqual({ refusedWith: 401 });
  });

  it('requires a signed-in user to mint a ticket', async () => {
    const response = await cloud.api('/realtime/ticket', { method: 'POST' });

    expect(response.status).toBe(401);
  });

  it('opens a socket once per ticket: the second use is refused', async () => {
    const ticket = await mintTicket();

    const first = await open(ticket);
    const second = await open(ticket);

    expect(first.socket).toBeDefined();
    expect(second).toEqual({ refusedWith: 401 });
    first.socket?.close();
  });
});

describe('connections', () => {
  it('stores the connection on connect, delivers posts to it, and forgets it on close (then 410 Gone)', async () => {
    await waitFor(async () => (await storedConnections()).length === 0);
    const { socket } = await open(await mintTicket());
    if (!socket) throw new Error('socket refused');
    const received = new Promise<string>((resolve) => socket.once('message', (data) => resolve(messageText(data))));
    const management = new ApiGatewayManagementApiClient({ endpoint: process.env.WS_MANAGEMENT_ENDPOINT, region: 'us-east-1' });

    const [stored] = await storedConnections();
    expect(stored).toMatchObject({ companyId, userId: expect.any(String), expiresAt: expect.any(Number) });
    const socketId = String(stored?.socketId);
    await management.send(new PostToConnectionCommand({ ConnectionId: socketId, Data: JSON.stringify({ event: 'hello' }) }));
    expect(JSON.parse(await received)).toEqual({ event: 'hello' });

    socket.close();
    await waitFor(async () => (await storedConnections()).length === 0);
    await expect(
      management.send(new PostToConnectionCommand({ ConnectionId: socketId, Data: 'late' })),
    ).rejects.toBeInstanceOf(GoneException);
  });

  it('refreshes lastSeenAt on userStatus and ignores malformed frames', async () => {
    const { socket } = await open(await mintTicket());
    if (!socket) throw new Error('socket refused');
    const [before] = await storedConnections();

    socket.send('not json');
    socket.send(JSON.stringify({ action: 'dropTable' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    socket.send(JSON.stringify({ action: 'userStatus' }));
    await waitFor(async () => (await storedConnections())[0]?.lastSeenAt !== before?.lastSeenAt);

    expect((await storedConnections()).length).toBe(1);
    socket.close();
    await waitFor(async () => (await storedConnections()).length === 0);
  });
});

describe('publisher', () => {
  it('delivers a company event to the connections of the room', async () => {
    const { publishToCompany } = await import('../../functions/core/realtime/publisher');
    const me = (await cloud.api('/auth/me', { token })).body;
    const { socket } = await open(await mintTicket());
    if (!socket) throw new Error('socket refused');
    const received = new Promise<string>((resolve) => socket.once('message', (data) => resolve(messageText(data))));

    await publishToCompany(companyId, `user:${me.user.id}`, 'settings', { action: 'update', setting: { key: 'call', value: 'disabled' } });

    expect(JSON.parse(await received)).toEqual({
      event: `company-${companyId}-settings`,
      data: { action: 'update', setting: { key: 'call', value: 'disabled' } },
    });
    socket.close();
    await waitFor(async () => (await storedConnections()).length === 0);
  });

  it('forgets a stored connection that API Gateway answers 410 Gone for', async () => {
    const { publishToCompany } = await import('../../functions/core/realtime/publisher');
    const { putSocket } = await import('../../functions/core/repositories/sockets');
    const now = new Date();
    await putSocket({ socketId: 'vanished0000000=', companyId, userId: 'u-1', connectedAt: now.toISOString() }, ['company'], now);
    expect(await storedConnections()).toHaveLength(1);

    await publishToCompany(companyId, 'company', 'settings', { action: 'update', setting: { key: 'call', value: 'enabled' } });

    expect(await storedConnections()).toHaveLength(0);
  });
});

describe('online state', () => {
  async function storedUser(tenantCompanyId: string, userId: string): Promise<Record<string, unknown> | undefined> {
    const { Item } = await dynamo().send(
      new GetCommand({ TableName: cloud.tableName, Key: keys.user(tenantCompanyId, userId), ConsistentRead: true }),
    );
    return Item;
  }

  it('marks the user online when a connection opens, and again on each userStatus with the time', async () => {
    const tenant = await createTenant(cloud);
    const agent = await addUser(cloud, tenant, 'user', [tenant.queueId]);
    expect(await storedUser(tenant.companyId, agent.id)).toMatchObject({ online: false });

    const client = await harness.connect(cloud, agent.token);
    expect(await storedUser(tenant.companyId, agent.id)).toMatchObject({ online: true });
    const longAgo = '2020-01-01T00:00:00.000Z';
    await dynamo().send(
      new UpdateCommand({
        TableName: cloud.tableName,
        Key: keys.user(tenant.companyId, agent.id),
        UpdateExpression: 'SET #online = :false, lastSeenAt = :longAgo',
        ExpressionAttributeNames: { '#online': 'online' },
        ExpressionAttributeValues: { ':false': false, ':longAgo': longAgo },
      }),
    );
    await client.act({ action: 'userStatus' });

    const user = await storedUser(tenant.companyId, agent.id);
    expect(user).toMatchObject({ online: true });
    expect(String(user?.lastSeenAt) > longAgo).toBe(true);
    await client.close();
  });

  it('keeps the user online while another connection is open, and marks them offline when the last one closes', async () => {
    const tenant = await createTenant(cloud);
    const agent = await addUser(cloud, tenant, 'user', [tenant.queueId]);
    const first = await harness.connect(cloud, agent.token);
    const second = await harness.connect(cloud, agent.token);

    await first.close();
    const whileOneIsOpen = await cloud.api(`/users/${agent.id}`, { token: tenant.admin.token });
    await second.close();
    const afterTheLast = await cloud.api(`/users/${agent.id}`, { token: tenant.admin.token });

    expect(whileOneIsOpen.body).toMatchObject({ id: agent.id, online: true });
    expect(afterTheLast.body).toMatchObject({ id: agent.id, online: false });
  });

  it('does not bring a user back online from a connection that is already forgotten', async () => {
    const tenant = await createTenant(cloud);
    const agent = await addUser(cloud, tenant, 'user', [tenant.queueId]);
    const client = await harness.connect(cloud, agent.token);
    const { userIsAlive } = await import('../../functions/core/realtime/user-status');
    await client.close();
    expect(await storedUser(tenant.companyId, agent.id)).toMatchObject({ online: false });

    await userIsAlive({ companyId: tenant.companyId, userId: agent.id, socketId: client.socketId });

    expect(await storedUser(tenant.companyId, agent.id)).toMatchObject({ online: false });
  });
});
