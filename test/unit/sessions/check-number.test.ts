/**
 * Checking a number on WhatsApp before a contact is saved or a ticket started: the question goes to a
 * connected session as a refreshContact command and the request waits for the answer the inbound worker
 * records by the check's id; not on WhatsApp is ERR_WAPP_INVALID_CONTACT, no answer in time
 * ERR_WAPP_CHECK_CONTACT, no connected session no check at all.
 */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { queueUrlEnv, SESSION_SHARDS, sessionCommandQueueId } from '../../../infra/resources/queues';
import { checkNumberOnWhatsApp } from '../../../functions/core/sessions/check-number';
import { recordContactCheck } from '../../../functions/core/contacts/contact-refresh';
import type { SessionCommand } from '../../../functions/core/sessions/commands';
import { errorCodeOf } from '../../support/errors';

process.env.TABLE_NAME = 'table-under-test';
process.env.LOG_LEVEL = 'silent';
for (let shard = 0; shard < SESSION_SHARDS; shard += 1) process.env[queueUrlEnv(sessionCommandQueueId(shard))] = `https://sqs.test/commands-${shard}`;

const ddb = mockClient(DynamoDBDocumentClient);
const sqs = mockClient(SQSClient);

const contact = { id: 'K1', companyId: 'C1', number: '5511999990000', isGroup: false };
const connection = (id: string, status: string, provider = 'beta') => ({ Item: { id, companyId: 'C1', name: id, status, provider } });

/** The refreshContact commands sent. */
const asked = () => sqs.commandCalls(SendMessageCommand).map((call) => JSON.parse(call.args[0].input.MessageBody ?? '{}') as SessionCommand);

beforeEach(() => {
  ddb.reset();
  sqs.reset();
  sqs.on(SendMessageCommand).resolves({});
  ddb.on(GetCommand).resolves({});
  ddb.on(QueryCommand).resolves({ Items: [] });
  ddb.on(GetCommand, { Key: { PK: 'C#C1', SK: 'WAPPDEFAULT' } }).resolves({ Item: { whatsappId: 'W1' } });
  ddb.on(GetCommand, { Key: { PK: 'C#C1', SK: 'WAPP#W1' } }).resolves(connection('W1', 'CONNECTED'));
  // A live session host holds every shard.
  ddb.on(GetCommand, { Key: { PK: 'SESSIONHOST#LEASE' } }).resolves(liveLease);
});

const liveLease = { Item: { leaseUntil: Date.now() + 3_600_000 } };

/** The host answers the check it was sent, as the inbound worker records it. */
function answerWith(exists: boolean, profilePicUrl: string | null = null): void {
  ddb.on(GetCommand, { TableName: 'table-under-test' }).callsFake((input: { Key: { PK: string; SK: string } }) => {
    const [command] = asked();
    if (command && input.Key.PK === 'C#C1#NUMCHECK' && input.Key.SK === `CHECK#${command.commandId}`) return { Item: { exists, profilePicUrl } };
    if (input.Key.SK === 'WAPPDEFAULT') return { Item: { whatsappId: 'W1' } };
    if (input.Key.SK === 'WAPP#W1') return connection('W1', 'CONNECTED');
    if (input.Key.PK === 'SESSIONHOST#LEASE') return liveLease;
    return {};
  });
}

describe('checkNumberOnWhatsApp', () => {
  it('never asks a Cloud API connection (Meta has no number check): its ticket takes the number as given, a contact asks another connected one', async () => {
    // Prepare: the default connection is a connected cloud one; W3 a connected Baileys one
    ddb.on(GetCommand, { Key: { PK: 'C#C1', SK: 'WAPP#W1' } }).resolves(connection('W1', 'CONNECTED', 'cloud'));
    ddb.on(QueryCommand).resolves({ Items: [connection('W1', 'CONNECTED', 'cloud').Item, connection('W3', 'CONNECTED').Item] });

    // Act
    const onTicket = await checkNumberOnWhatsApp(contact, { whatsappId: 'W1', waitMs: 100 });
    const forContact = await errorCodeOf(checkNumberOnWhatsApp(contact, { waitMs: 100 }));

    // Assess: the ticket's check asked nobody; the contact's went to W3 (and timed out unanswered)
    expect(onTicket).toEqual({ checked: false });
    expect(forContact).toBe('ERR_WAPP_CHECK_CONTACT');
    expect(asked().map((command) => command.whatsappId)).toEqual(['W3']);
  });

  it("asks the default connection's session and answers the picture of a number on WhatsApp", async () => {
    answerWith(true, 'https://pps.whatsapp.net/p.jpg');

    expect(await checkNumberOnWhatsApp(contact, { waitMs: 2000 })).toEqual({ checked: true, profilePicUrl: 'https://pps.whatsapp.net/p.jpg' });
    expect(asked()).toEqual([expect.objectContaining({ type: 'refreshContact', companyId: 'C1', whatsappId: 'W1', chat: { contactId: 'K1', number: '5511999990000', isGroup: false } })]);
  });

  it('answers ERR_WAPP_INVALID_CONTACT for a number WhatsApp does not know', async () => {
    answerWith(false);

    expect(await errorCodeOf(checkNumberOnWhatsApp(contact, { waitMs: 2000 }))).toBe('ERR_WAPP_INVALID_CONTACT');
  });

  it('answers ERR_WAPP_CHECK_CONTACT when the session gives no answer in time', async () => {
    expect(await errorCodeOf(checkNumberOnWhatsApp(contact, { waitMs: 250 }))).toBe('ERR_WAPP_CHECK_CONTACT');
    expect(asked()).toHaveLength(1);
  });

  it("asks a ticket's own connection, and checks nothing when its session does not run, it has none, or the contact is a group", async () => {
    ddb.on(GetCommand, { Key: { PK: 'C#C1', SK: 'WAPP#W2' } }).resolves(connection('W2', 'DISCONNECTED'));

    expect(await checkNumberOnWhatsApp(contact, { whatsappId: 'W2' })).toEqual({ checked: false });
    expect(await checkNumberOnWhatsApp(contact, { whatsappId: null })).toEqual({ checked: false });
    expect(await checkNumberOnWhatsApp({ ...contact, isGroup: true })).toEqual({ checked: false });
    expect(asked()).toHaveLength(0);
  });

  it("checks nothing when no live session host holds the connection's shard: CONNECTED is what a host reported before it stopped", async () => {
    ddb.on(GetCommand, { Key: { PK: 'SESSIONHOST#LEASE' } }).resolves({ Item: { leaseUntil: Date.now() - 1000 } });

    expect(await checkNumberOnWhatsApp(contact)).toEqual({ checked: false });
    expect(asked()).toHaveLength(0);
  });

  it('asks another connected session when the default one is not connected, and nothing when none is', async () => {
    ddb.on(GetCommand, { Key: { PK: 'C#C1', SK: 'WAPP#W1' } }).resolves(connection('W1', 'qrcode'));
    expect(await checkNumberOnWhatsApp(contact)).toEqual({ checked: false });

    ddb.on(QueryCommand).resolves({ Items: [connection('W1', 'qrcode').Item, connection('W3', 'CONNECTED').Item] });
    await errorCodeOf(checkNumberOnWhatsApp(contact, { waitMs: 0 }));
    expect(asked().map((command) => command.whatsappId)).toEqual(['W3']);
  });
});

describe('recordContactCheck', () => {
  it("records the host's answer by the check's id for the request waiting on it, even before the contact is stored", async () => {
    ddb.on(PutCommand).resolves({});

    await recordContactCheck(
      { type: 'contact', companyId: 'C1', whatsappId: 'W1', chat: { id: '5511999990000', isGroup: false }, contactId: 'K9', refreshId: 'CHECK1', exists: false, profilePicUrl: null },
      new Date('2030-01-01T00:00:00.000Z'),
    );

    expect(ddb.commandCalls(PutCommand)[0]!.args[0].input.Item).toMatchObject({ PK: 'C#C1#NUMCHECK', SK: 'CHECK#CHECK1', exists: false, profilePicUrl: null });
  });
});
