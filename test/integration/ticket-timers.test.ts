/**
 * The connection's ticket timers on the local cloud: a new ticket without queue moves to the transfer
 * queue after `timeToTransfer` minutes, and a ticket without any change for `expiresTicket` hours is
 * closed with the inactivity message. Timers are real one-shot schedules of the local EventBridge
 * Scheduler; the tests fire them at chosen instants (the times are minutes and hours), and one goes the
 * whole way: scheduler, schedule-due queue, worker.
 */
import { GetScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { ulid } from 'ulid';
import { getTicket, type Ticket } from '../../functions/core/repositories/tickets';
import type { MessageEvent } from '../../functions/core/sessions/events';
import { receiveMessage } from '../../functions/core/inbound/receive-message';
import { fireTicketTimer } from '../../functions/core/conversations/ticket-timers';
import { handleDueMessage } from '../../functions/workers/schedule-due';
import type { TestCloud } from '../support/local-cloud';
import { sharedTestCloud } from '../support/shared-cloud';
import { createTenant, type Tenant } from '../support/tenants';
import { ifAssigned } from '../support/teardown';
import { until } from '../support/until';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let cloud: TestCloud;
let tenant: Tenant;
let transferQueueId: string;
let connectionId: string;

const message = (from: string, body: string, at: Date): MessageEvent => ({
  type: 'message',
  companyId: tenant.companyId,
  whatsappId: connectionId,
  chat: { id: from, isGroup: false },
  whatsappMessageId: `TT${ulid()}`,
  fromMe: false,
  pushName: 'Joana',
  timestamp: at.getTime(),
  mediaType: 'chat',
  body,
  media: null,
  quotedWhatsappMessageId: null,
});

async function ticketOf(number: string): Promise<Ticket> {
  const listed = await cloud.api('/tickets?status=pending&showAll=true', { token: tenant.admin.token });
  const found = (listed.body.tickets as { id: string; contact: { number: string } }[]).find((ticket) => ticket.contact.number === number);
  if (!found) throw new Error(`no pending ticket of ${number}`);
  return (await getTicket(tenant.companyId, found.id, true))!;
}

const reread = async (ticket: Ticket) => (await getTicket(tenant.companyId, ticket.id, true))!;
const bodiesOf = async (ticketId: string) =>
  ((await cloud.api(`/messages/${ticketId}`, { token: tenant.admin.token })).body.messages as { body: string; fromMe: boolean }[]).map((m) => m.body);
const timer = (ticket: Ticket, kind: 'transfer' | 'expiry') => ({
  kind: 'ticketTimer' as const,
  timer: kind,
  companyId: ticket.companyId,
  ticketId: ticket.id,
  dueAt: (kind === 'transfer' ? ticket.transferDueAt : ticket.expiryDueAt)!,
});


beforeAll(async () => {
  cloud = await sharedTestCloud();
  tenant = await createTenant(cloud);
  const second = await cloud.api('/queue', { method: 'POST', token: tenant.admin.token, body: { name: 'Vendas', color: '#1d4ed8', greetingMessage: 'Vendas aqui.' } });
  if (second.status !== 201) throw new Error(JSON.stringify(second.body));
  const transfer = await cloud.api('/queue', { method: 'POST', token: tenant.admin.token, body: { name: 'Triagem', color: '#b45309', greetingMessage: 'Triagem aqui.' } });
  transferQueueId = transfer.body.id;
  const created = await cloud.api('/whatsapp', {
    method: 'POST',
    token: tenant.admin.token,
    body: {
      name: 'Timers',
      provider: 'simulator',
      greetingMessage: 'Escolha um setor:',
      queueIds: [tenant.queueId, second.body.id],
      transferQueueId,
      timeToTransfer: 5,
      expiresTicket: 2,
      expiresInactiveMessage: 'Encerramos por falta de resposta.',
    },
  });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  connectionId = created.body.id;
}, 60_000);

afterAll(async () => {
  await ifAssigned(cloud)?.stop();
});

describe('arming', () => {
  it('gives a new ticket without queue a transfer timer and an inactivity timer, each a schedule of the scheduler', async () => {
    const now = new Date();
    await receiveMessage(message('5511955550001', 'Oi', now), now);

    const ticket = await ticketOf('5511955550001');
    const created = Date.parse(ticket.createdAt);
    expect(Date.parse(ticket.transferDueAt!)).toBe(Math.ceil((created + 5 * MINUTE) / 1000) * 1000);
    expect(Date.parse(ticket.expiryDueAt!)).toBe(Math.ceil((created + 2 * HOUR) / 1000) * 1000);

    const scheduler = new SchedulerClient({ endpoint: cloud.urls.scheduler, region: cloud.config.region });
    const name = `ticket-transfer-${ticket.id}-${Date.parse(ticket.transferDueAt!) / 1000}`;
    const schedule = await scheduler.send(new GetScheduleCommand({ Name: name }));
    scheduler.destroy();
    expect(schedule.Target?.Arn).toMatch(/:atende-[a-z0-9-]+-schedule-due$/);
    expect(JSON.parse(schedule.Target?.Input ?? '{}')).toEqual(timer(ticket, 'transfer'));
    expect(schedule.ActionAfterCompletion).toBe('DELETE');
  });
});

describe('the transfer timer', () => {
  it('moves a ticket still waiting without queue to the transfer queue, pending, and ends the queue menu', async () => {
    const now = new Date();
    await receiveMessage(message('5511955550002', 'Bom dia', now), now);
    const ticket = await ticketOf('5511955550002');
    expect(ticket.botState).not.toBeNull();

    expect(await fireTicketTimer(timer(ticket, 'transfer'), new Date(Date.parse(ticket.transferDueAt!)))).toBe('acted');

    const moved = await reread(ticket);
    expect(moved).toMatchObject({ status: 'pending', queueId: transferQueueId, userId: null, botState: null });
  });

  it('ignores the same timer delivered again', async () => {
    const ticket = await ticketOf('5511955550002');

    expect(await fireTicketTimer(timer(ticket, 'transfer'), new Date(Date.parse(ticket.transferDueAt!) + 1000))).toBe('stale');
    expect((await reread(ticket)).queueId).toBe(transferQueueId);
  });

  it('leaves alone a ticket whose contact picked a queue from the menu', async () => {
    const now = new Date();
    await receiveMessage(message('5511955550003', 'Olá', now), now);
    await receiveMessage(message('5511955550003', '1', now), now);
    const ticket = await ticketOf('5511955550003');
    expect(ticket.queueId).toBe(tenant.queueId);

    expect(await fireTicketTimer(timer(ticket, 'transfer'), new Date(Date.parse(ticket.transferDueAt!)))).toBe('stale');
    expect((await reread(ticket)).queueId).toBe(tenant.queueId);
  });

  it('fires by itself through the scheduler, the schedule-due queue and its worker', async () => {
    // A ticket made ten minutes ago: its five-minute transfer timer is already due.
    const past = new Date(Date.now() - 10 * MINUTE);
    await receiveMessage(message('5511955550004', 'Alguém aí?', past), past);
    const ticket = await ticketOf('5511955550004');

    const moved = await until('the transfer', async () => {
      const current = await reread(ticket);
      return current.queueId === transferQueueId ? current : undefined;
    });
    expect(moved.status).toBe('pending');
  });
});

describe('the inactivity timer', () => {
  it('waits again when the ticket changed since it was armed', async () => {
    const start = new Date();
    await receiveMessage(message('5511955550005', 'Preciso de ajuda', start), start);
    const ticket = await ticketOf('5511955550005');
    const later = new Date(start.getTime() + HOUR);
    await receiveMessage(message('5511955550005', 'Ainda estou aqui', later), later);
    const firedAt = new Date(Date.parse(ticket.expiryDueAt!));

    expect(await fireTicketTimer(timer(ticket, 'expiry'), firedAt)).toBe('rearmed');

    const rearmed = await reread(ticket);
    expect(rearmed.status).not.toBe('closed');
    expect(Date.parse(rearmed.expiryDueAt!)).toBe(Math.ceil((Date.parse(rearmed.updatedAt) + 2 * HOUR) / 1000) * 1000);
  });

  it('closes a ticket without any change for the hours set, sending the inactivity message and no rating prompt', async () => {
    const ticket = await ticketOf('5511955550005');
    const due = new Date(Date.parse(ticket.expiryDueAt!));

    await handleDueMessage(timer(ticket, 'expiry'), due);

    const closed = await reread(ticket);
    expect(closed.status).toBe('closed');
    expect(closed.awaitingRatingUntil ?? null).toBeNull();
    const bodies = await bodiesOf(ticket.id);
    expect(bodies[0]).toBe('Encerramos por falta de resposta.');
    expect(bodies.some((body) => /avalie/i.test(body))).toBe(false);
  });

  it('does nothing for a ticket an agent closed before it fell due', async () => {
    const now = new Date();
    await receiveMessage(message('5511955550006', 'Oi de novo', now), now);
    const ticket = await ticketOf('5511955550006');
    const finished = await cloud.api(`/tickets/${ticket.id}`, { method: 'PUT', token: tenant.admin.token, body: { status: 'closed' } });
    expect(finished.status).toBe(200);

    expect(await fireTicketTimer(timer(ticket, 'expiry'), new Date(Date.parse(ticket.expiryDueAt!)))).toBe('stale');
  });
});

