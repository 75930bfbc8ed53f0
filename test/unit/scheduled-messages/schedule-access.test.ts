/**
 * Schedules obey the ticket rules (docs/architecture.md §8): a schedule goes only into a ticket its
 * writer may work, checked when it is written and again for its author when it is sent; only its author
 * and admins change or delete it; and whoever writes it becomes the author it goes out in the name of.
 */
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { mayChangeSchedule } from '../../../shared/scheduled-messages';
import type { Caller } from '../../../functions/core/caller/load-caller';
import { AppError } from '../../../functions/core/errors';
import { keys } from '../../../functions/core/repositories/keys';
import type { StoredScheduledMessage } from '../../../functions/core/repositories/scheduled-messages';
import type { Ticket } from '../../../functions/core/repositories/tickets';
import { newTicketQueue } from '../../../functions/core/scheduled-messages/schedule-access';
import { createScheduledMessage } from '../../../functions/core/scheduled-messages/create-scheduled-message';
import { deleteScheduledMessage } from '../../../functions/core/scheduled-messages/delete-scheduled-message';
import { updateScheduledMessage } from '../../../functions/core/scheduled-messages/update-scheduled-message';
import { sendScheduledMessage } from '../../../functions/core/scheduled-messages/send-scheduled-message';
import { errorCodeOf } from '../../support/errors';
import { storedTicket } from '../../support/stored-ticket';

process.env.TABLE_NAME = 'table-under-test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);
const now = new Date('2030-01-02T12:00:00.000Z');
const sendAt = '2030-01-03T12:00:00.000Z';

const userOf = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  companyId: 'C1',
  name: `User ${id}`,
  profile: 'user',
  queueIds: ['Q1'],
  allTicket: 'desabled',
  whatsappId: null,
  updatedAt: '2030-01-01T00:00:00.000Z',
  ...fields,
});

/** A plain user of queue Q1. */
const agent = { companyId: 'C1', userId: 'U1', isAdmin: false, user: userOf('U1') } as unknown as Caller;
const admin = { companyId: 'C1', userId: 'A1', isAdmin: true, user: userOf('A1', { profile: 'admin', queueIds: [] }) } as unknown as Caller;

const contact = { id: 'K1', companyId: 'C1', name: 'Maria', number: '5511988887777', isGroup: false, createdAt: '2030-01-01T00:00:00.000Z', updatedAt: '2030-01-01T00:00:00.000Z' };
const connection = { id: 'W1', companyId: 'C1', name: 'Principal', status: 'CONNECTED', isDefault: true };

const schedule = (fields: Partial<StoredScheduledMessage> = {}): StoredScheduledMessage => ({
  id: '01JSCHEDULE000000000000000',
  body: 'Olá, tudo bem?',
  contactId: 'K1',
  contactName: 'Maria',
  sendAt,
  sentAt: null,
  status: 'PENDENTE',
  error: null,
  whatsappId: 'W1',
  ticketId: null,
  mediaPath: null,
  mediaName: null,
  userId: 'A1',
  sendTimer: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  ...fields,
});

const serve = (key: { PK: string; SK: string }, item: object | undefined) => ddb.on(GetCommand, { Key: key }).resolves({ Item: item });
const serveTicket = (ticket: Ticket) => serve(keys.ticket('C1', ticket.id), ticket);
const serveSchedule = (stored: StoredScheduledMessage) => serve(keys.scheduledMessage('C1', stored.id), stored);

/** The AppError a promise rejects with. */
async function refusalOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('not refused');
}

beforeEach(() => {
  ddb.reset();
  ddb.on(GetCommand).resolves({});
  ddb.on(QueryCommand).resolves({ Items: [] });
  serve(keys.contact('C1', 'K1'), contact);
  serve(keys.connection('C1', 'W1'), connection);
});

describe('who may change a schedule', () => {
  it('is its author or an admin', () => {
    expect(mayChangeSchedule({ userId: 'U1', isAdmin: false }, { userId: 'U1' })).toBe(true);
    expect(mayChangeSchedule({ userId: 'A1', isAdmin: true }, { userId: 'U1' })).toBe(true);
    expect(mayChangeSchedule({ userId: 'U2', isAdmin: false }, { userId: 'U1' })).toBe(false);
  });

  it('refuses an edit of an admin\'s schedule by a plain user as a forbidden ticket action, writing nothing', async () => {
    serveSchedule(schedule({ userId: 'A1' }));

    const refusal = await refusalOf(updateScheduledMessage(agent, schedule().id, { body: 'Reescrito', contactId: 'K1', sendAt, whatsappId: 'W1', ticketId: null, template: null }, now));

    expect(refusal.code).toBe('ERR_NO_PERMISSION');
    expect(refusal.options.message).toBe('Acesso não permitido');
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it("refuses a deletion of an admin's schedule by a plain user, deleting nothing", async () => {
    serveSchedule(schedule({ userId: 'A1' }));

    expect(await errorCodeOf(deleteScheduledMessage(agent, schedule().id))).toBe('ERR_NO_PERMISSION');
    expect(ddb.commandCalls(DeleteCommand)).toHaveLength(0);
  });

  it("makes the admin who edits a user's schedule its author, in whose name it goes out", async () => {
    const stored = schedule({ userId: 'U1' });
    serveSchedule(stored);
    ddb.on(UpdateCommand).resolves({ Attributes: stored });

    const edited = await updateScheduledMessage(admin, stored.id, { body: 'Texto do admin', contactId: 'K1', sendAt, whatsappId: 'W1', ticketId: null, template: null }, now);

    const input = ddb.commandCalls(UpdateCommand)[0]?.args[0].input;
    const names = Object.entries(input?.ExpressionAttributeNames ?? {}).find(([, name]) => name === 'userId')?.[0] ?? '';
    expect(input?.ExpressionAttributeValues?.[names.replace('#f', ':v')]).toBe('A1');
    expect(edited.userId).toBe('A1');
  });
});

describe('the ticket a schedule goes into', () => {
  it("refuses a plain user a ticket of a queue that is not theirs ('Acesso não permitido'), storing nothing", async () => {
    serveTicket(storedTicket({ id: 'T2', queueId: 'Q2', whatsappId: 'W1' }));

    const refusal = await refusalOf(createScheduledMessage(agent, { body: 'Olá, tudo bem?', contactId: 'K1', sendAt, whatsappId: null, ticketId: 'T2', template: null }, now));

    expect(refusal.code).toBe('ERR_NO_PERMISSION');
    expect(refusal.options.message).toBe('Acesso não permitido');
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('refuses a plain user a ticket of their queue that another agent attends, naming the agent', async () => {
    serveTicket(storedTicket({ id: 'T3', status: 'open', userId: 'U9', userName: 'Bruno', queueId: 'Q1', whatsappId: 'W1' }));

    const refusal = await refusalOf(createScheduledMessage(agent, { body: 'Olá, tudo bem?', contactId: 'K1', sendAt, whatsappId: 'W1', ticketId: 'T3', template: null }, now));

    expect(refusal.code).toBe('ERR_NO_PERMISSION');
    expect(refusal.options.details).toEqual({ user: { id: 'U9', name: 'Bruno' } });
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });

  it("refuses a schedule without a ticket when the contact's live ticket on the connection is of another queue", async () => {
    serve(keys.openTicket('C1', 'K1', 'W1'), { ticketId: 'T2' });
    serveTicket(storedTicket({ id: 'T2', queueId: 'Q2', whatsappId: 'W1' }));

    expect(await errorCodeOf(createScheduledMessage(agent, { body: 'Olá, tudo bem?', contactId: 'K1', sendAt, whatsappId: 'W1', ticketId: null, template: null }, now))).toBe(
      'ERR_NO_PERMISSION',
    );
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('refuses a ticket it was asked from on one connection when sent through another whose live ticket the user may not work', async () => {
    serveTicket(storedTicket({ id: 'T1', status: 'open', userId: 'U1', userName: 'User U1', queueId: 'Q1', whatsappId: 'W2' }));
    serve(keys.openTicket('C1', 'K1', 'W1'), { ticketId: 'T2' });
    serveTicket(storedTicket({ id: 'T2', queueId: 'Q2', whatsappId: 'W1' }));

    expect(await errorCodeOf(createScheduledMessage(agent, { body: 'Olá, tudo bem?', contactId: 'K1', sendAt, whatsappId: 'W1', ticketId: 'T1', template: null }, now))).toBe(
      'ERR_NO_PERMISSION',
    );
  });

  it('opens a new ticket where its writer may work it: without a queue for who sees such tickets, else in their first queue, else not at all', () => {
    expect(newTicketQueue(admin)).toBeNull();
    expect(newTicketQueue({ userId: 'U2', isAdmin: false, user: { profile: 'user', queueIds: ['Q1'], allTicket: 'enabled' } })).toBeNull();
    expect(newTicketQueue({ userId: 'U2', isAdmin: false, user: { profile: 'user', queueIds: ['Q2', 'Q1'], allTicket: 'desabled' } })).toBe('Q2');
    expect(() => newTicketQueue({ userId: 'U2', isAdmin: false, user: { profile: 'user', queueIds: [], allTicket: 'desabled' } })).toThrow(AppError);
  });
});

describe('sending a schedule', () => {
  it('ends ERRO with ERR_NO_PERMISSION and stores nothing when its author may no longer work its ticket', async () => {
    const stored = schedule({ userId: 'U1', ticketId: 'T1' });
    ddb.on(UpdateCommand).resolves({ Attributes: stored });
    // The author left queue Q1 after scheduling from its ticket.
    serve(keys.user('C1', 'U1'), userOf('U1', { queueIds: ['Q2'] }));
    serveTicket(storedTicket({ id: 'T1', status: 'pending', queueId: 'Q1', whatsappId: 'W1' }));

    const outcome = await sendScheduledMessage({ kind: 'scheduledMessage', companyId: 'C1', scheduleId: stored.id, sendAt }, now);

    expect(outcome).toBe('failed');
    const last = ddb.commandCalls(UpdateCommand).at(-1)?.args[0].input;
    expect(Object.values(last?.ExpressionAttributeValues ?? {})).toEqual(expect.arrayContaining(['ERRO', 'ERR_NO_PERMISSION']));
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('ends ERRO with ERR_NO_USER_FOUND when its author was deleted', async () => {
    const stored = schedule({ userId: 'U7' });
    ddb.on(UpdateCommand).resolves({ Attributes: stored });

    expect(await sendScheduledMessage({ kind: 'scheduledMessage', companyId: 'C1', scheduleId: stored.id, sendAt }, now)).toBe('failed');
    const last = ddb.commandCalls(UpdateCommand).at(-1)?.args[0].input;
    expect(Object.values(last?.ExpressionAttributeValues ?? {})).toEqual(expect.arrayContaining(['ERRO', 'ERR_NO_USER_FOUND']));
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
