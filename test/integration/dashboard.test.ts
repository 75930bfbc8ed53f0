/**
 * The dashboard on the local cloud: a scripted day of ticket transitions (with the clock of each step
 * given to the use cases) and the figures GET /dashboard, /dashboard/ticketsUsers and
 * /dashboard/ticketsDay answer from the counters those transitions kept; later transitions move the
 * counters of the day their attendance began; the filters, their messages and who may read them.
 */
import { ulid } from 'ulid';
import { putNewContact, type Contact } from '../../functions/core/repositories/contacts';
import { countNewContact } from '../../functions/core/repositories/dashboard';
import { getUser } from '../../functions/core/repositories/users';
import { createTicket } from '../../functions/core/conversations/create-ticket';
import { deleteTicket } from '../../functions/core/conversations/delete-ticket';
import { loadCaller, type Caller } from '../../functions/core/caller/load-caller';
import { recordRating } from '../../functions/core/conversations/record-attendance';
import { updateTicket } from '../../functions/core/conversations/update-ticket';
import { addDays, companyDay, dayStart } from '../../shared/company-time';
import type { UpdateTicketBody } from '../../shared/tickets';
import type { TestCloud } from '../support/local-cloud';
import { sharedTestCloud } from '../support/shared-cloud';
import { addUser, createTenant, type SignedInUser, type Tenant } from '../support/tenants';
import { ifAssigned } from '../support/teardown';

/** The scripted day, in company time. */
const DAY = '2025-03-10';
/** An instant of DAY (or of a day after it) at HH:MM company time. */
const at = (time: string, day = DAY) => new Date(dayStart(day).getTime() + (Number(time.slice(0, 2)) * 60 + Number(time.slice(3))) * 60_000);

let cloud: TestCloud;
let tenant: Tenant;
let queueB: string;
let agent1: SignedInUser;
let agent2: SignedInUser;
let sessions: { admin: Caller; agent1: Caller; agent2: Caller };
const tickets: Record<string, string> = {};

async function callerOf(companyId: string, userId: string): Promise<Caller> {
  const user = await getUser(companyId, userId);
  if (!user) throw new Error(`no user ${userId}`);
  return loadCaller({ sub: user.cognitoSub });
}

let phone = Date.now() % 100_000_000;
async function newContact(companyId: string): Promise<Contact> {
  phone += 1;
  const now = new Date().toISOString();
  const contact: Contact = {
    id: ulid(),
    companyId,
    name: `Cliente ${phone}`,
    number: `55219${String(phone).padStart(8, '0').slice(-8)}`,
    email: '',
    profilePicUrl: null,
    extraInfo: [],
    isGroup: false,
    createdAt: now,
    updatedAt: now,
  };
  expect(await putNewContact(contact)).toBe('created');
  return contact;
}

async function create(caller: Caller, status: 'open' | 'pending', time: Date, queueId = tenant.queueId): Promise<string> {
  const contact = await newContact(tenant.companyId);
  return (await createTicket(caller, { contactId: contact.id, queueId, whatsappId: null, status }, time)).id;
}

const move = (caller: Caller, ticketId: string, body: UpdateTicketBody, time: Date) => updateTicket(caller, ticketId, body, time);

beforeAll(async () => {
  cloud = await sharedTestCloud();
  tenant = await createTenant(cloud);
  const queue = await cloud.api('/queue', { method: 'POST', token: tenant.admin.token, body: { name: 'Cobrança', color: '#a16207', greetingMessage: 'Oi' } });
  queueB = queue.body.id;
  agent1 = await addUser(cloud, tenant, 'user', [tenant.queueId, queueB]);
  agent2 = await addUser(cloud, tenant, 'user', [tenant.queueId]);
  sessions = {
    admin: await callerOf(tenant.companyId, tenant.admin.id),
    agent1: await callerOf(tenant.companyId, agent1.id),
    agent2: await callerOf(tenant.companyId, agent2.id),
  };
  await cloud.api('/settings/userRating', { method: 'PUT', token: tenant.admin.token, body: { value: 'enabled' } });

  // 09:00 t1 arrives; agent 1 takes it at 09:10 (waited 10 min) and finishes at 09:40 (30 min), rated 3.
  tickets.t1 = await create(sessions.admin, 'pending', at('09:00'));
  await move(sessions.agent1, tickets.t1, { status: 'open' }, at('09:10'));
  await move(sessions.agent1, tickets.t1, { status: 'closed' }, at('09:40'));
  expect(await recordRating(tenant.companyId, tickets.t1, 3, at('09:45'))).toBe(true);
  // 10:00 t2 arrives; agent 2 takes it at 10:20 (waited 20 min) and is still talking.
  tickets.t2 = await create(sessions.admin, 'pending', at('10:00'));
  await move(sessions.agent2, tickets.t2, { status: 'open' }, at('10:20'));
  // 11:00 t3 arrives and waits.
  tickets.t3 = await create(sessions.admin, 'pending', at('11:00'));
  // 14:00 agent 2 opens t4 himself (no wait) and finishes it at 15:00 (60 min).
  tickets.t4 = await create(sessions.agent2, 'open', at('14:00'));
  await move(sessions.agent2, tickets.t4, { status: 'closed' }, at('15:00'));
  // 16:00 t5 arrives; at 16:30 it is transferred to queue B and agent 1 (waited 30 min).
  tickets.t5 = await create(sessions.admin, 'pending', at('16:00'));
  await move(sessions.admin, tickets.t5, { queueId: queueB, userId: agent1.id }, at('16:30'));
  // Two contacts created that day.
  await countNewContact(tenant.companyId, at('12:00'));
  await countNewContact(tenant.companyId, at('23:59'));
});

afterAll(async () => {
  await ifAssigned(cloud)?.stop();
});

const dashboard = (query: string, token = tenant.admin.token) => cloud.api(`/dashboard?${query}`, { token });

describe('GET /dashboard after a scripted day', () => {
  it('counts the attendances begun that day by their state now, with average support and wait times in minutes', async () => {
    const response = await dashboard(`date_from=${DAY}&date_to=${DAY}`);

    expect(response.status).toBe(200);
    expect(response.body.counters).toEqual({
      supportHappening: 2,
      supportPending: 1,
      supportFinished: 2,
      newContacts: 2,
      avgSupportTime: 45,
      avgWaitTime: 20,
    });
    expect(response.body).toMatchObject({ from: DAY, to: DAY });
  });

  it('lists every attendant with rating, average support time, online state and attendances', async () => {
    const { attendants } = (await dashboard(`date_from=${DAY}&date_to=${DAY}`)).body;

    expect(attendants).toHaveLength(3);
    expect(attendants).toEqual(
      expect.arrayContaining([
        { id: agent1.id, name: expect.any(String), rating: 3, avgSupportTime: 30, online: false, tickets: 2 },
        { id: agent2.id, name: expect.any(String), rating: null, avgSupportTime: 60, online: false, tickets: 2 },
        { id: tenant.admin.id, name: expect.any(String), rating: null, avgSupportTime: 0, online: false, tickets: 0 },
      ]),
    );
  });

  it('answers nothing for a day without activity', async () => {
    const response = await dashboard(`date_from=${addDays(DAY, -1)}&date_to=${addDays(DAY, -1)}`);

    expect(response.body.counters).toEqual({
      supportHappening: 0,
      supportPending: 0,
      supportFinished: 0,
      newContacts: 0,
      avgSupportTime: 0,
      avgWaitTime: 0,
    });
  });
});

describe('GET /dashboard/ticketsUsers and /dashboard/ticketsDay', () => {
  it('counts attendances per attendant', async () => {
    const response = await cloud.api(`/dashboard/ticketsUsers?initialDate=${DAY}&finalDate=${DAY}`, { token: tenant.admin.token });

    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(2);
    expect(response.body.data).toEqual(expect.arrayContaining([{ nome: expect.stringMatching(/^User /), quantidade: 2 }]));
  });

  it('counts tickets created per hour for one day, per day for a range', async () => {
    const oneDay = await cloud.api(`/dashboard/ticketsDay?initialDate=${DAY}&finalDate=${DAY}`, { token: tenant.admin.token });
    const range = await cloud.api(`/dashboard/ticketsDay?initialDate=${addDays(DAY, -1)}&finalDate=${DAY}`, { token: tenant.admin.token });

    expect(oneDay.status).toBe(200);
    expect(oneDay.body.count).toBe(5);
    expect(oneDay.body.data).toHaveLength(24);
    expect(oneDay.body.data.filter((row: { total: number }) => row.total > 0)).toEqual([
      { horario: '09', total: 1 },
      { horario: '10', total: 1 },
      { horario: '11', total: 1 },
      { horario: '14', total: 1 },
      { horario: '16', total: 1 },
    ]);
    expect(range.body).toEqual({ data: [{ data: addDays(DAY, -1), total: 0 }, { data: DAY, total: 5 }], count: 5 });
  });
});

describe('later changes', () => {
  it("move the counters of the day the attendance began, and a reopen begins a new attendance on its own day", async () => {
    const next = addDays(DAY, 1);
    await move(sessions.agent2, tickets.t2 as string, { status: 'pending' }, at('08:00', next));
    await move(sessions.agent2, tickets.t1 as string, { status: 'open' }, at('09:00', next));
    await deleteTicket(sessions.admin, tickets.t3 as string);

    const day = (await dashboard(`date_from=${DAY}&date_to=${DAY}`)).body.counters;
    const after = (await dashboard(`date_from=${next}&date_to=${next}`)).body;

    expect(day).toMatchObject({ supportHappening: 1, supportPending: 1, supportFinished: 2 });
    expect(after.counters).toMatchObject({ supportHappening: 1, supportPending: 0, supportFinished: 0, avgWaitTime: 0 });
    expect(after.attendants.find((row: { id: string }) => row.id === agent2.id)).toMatchObject({ tickets: 1 });
  });
});

describe('filters and access', () => {
  it("refuses a request without days or dates: 'Parametrize o filtro'", async () => {
    for (const query of ['', 'days=0']) {
      expect(await dashboard(query)).toMatchObject({
        status: 400,
        body: { error: 'ERR_VALIDATION', message: 'Parametrize o filtro' },
      });
    }
  });

  it('covers today and the days before with `days`', async () => {
    const today = companyDay(new Date());

    const response = await dashboard('days=7');

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ from: addDays(today, -6), to: today });
  });

  it.each([
    ['a period not offered', 'days=5', 'days'],
    ['an impossible date', 'date_from=2025-02-30', 'date_from'],
    ['a start after the end', 'date_from=2025-03-02&date_to=2025-03-01', 'date_from'],
    ['more than 366 days', 'date_from=2023-01-01&date_to=2025-01-01', 'date_from'],
  ])('refuses %s with 400', async (_case, query, path) => {
    expect(await dashboard(query)).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path }] } });
  });

  it('refuses plain users and supervisors on every dashboard route: the dashboard is for admins', async () => {
    const supervisor = await addUser(cloud, tenant, 'supervisor', [tenant.queueId]);
    for (const path of [`/dashboard?days=7`, '/dashboard/ticketsUsers', '/dashboard/ticketsDay']) {
      expect(await cloud.api(path, { token: agent1.token })).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      expect(await cloud.api(path, { token: supervisor.token })).toEqual({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    }
  });

  it("answers only the caller's company, whatever companyId the query names", async () => {
    const other = await createTenant(cloud);

    const response = await dashboard(`date_from=${DAY}&date_to=${DAY}&companyId=${tenant.companyId}`, other.admin.token);

    expect(response.body.counters).toMatchObject({ supportHappening: 0, supportFinished: 0, newContacts: 0 });
    expect(response.body.attendants.map((row: { id: string }) => row.id)).toEqual([other.admin.id]);
  });
});
