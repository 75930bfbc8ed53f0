/**
 * Contacts, the rules without the cloud: the number normalisation, the transactions that keep one
 * contact per number and the company's counter, bulk writes that leave out numbers taken meanwhile,
 * cursors that cannot leave the caller's list, pages that read only what they answer, the CSV cells
 * and the zip-size guard of the import (crafted spreadsheets: contact-spreadsheet-bombs.test.ts).
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { queueUrlEnv, TICKET_ROWS_QUEUE_ID } from '../../../infra/resources/queues';
import ExcelJS from 'exceljs';
import { normaliseNumber, numberSearchDigits, type CreateContactInput } from '../../../shared/contacts';
import { decodeCursor, encodeCursor, queryContactPage } from '../../../functions/core/repositories/contact-pages';
import { putNewContacts, type Contact } from '../../../functions/core/repositories/contacts';
import { contactListIndexes, keys } from '../../../functions/core/repositories/keys';
import { readSpreadsheet, TOO_BIG } from '../../../functions/core/contacts/contact-spreadsheet';
import { createContact } from '../../../functions/core/contacts/create-contact';
import { deleteContact } from '../../../functions/core/contacts/delete-contact';
import { csvCell } from '../../../functions/core/contacts/export-contacts';
import type { Caller } from '../../../functions/core/caller/load-caller';
import { updateContact } from '../../../functions/core/contacts/update-contact';
import { errorCodeOf } from '../../support/errors';

process.env.TABLE_NAME = 'table-under-test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);
// A rename announces itself on the ticket-rows queue (conversations/ticket-rows.ts).
process.env[queueUrlEnv(TICKET_ROWS_QUEUE_ID)] = 'https://sqs.test/ticket-rows';
const sqs = mockClient(SQSClient);
sqs.on(SendMessageCommand).resolves({});

const caller = { userId: 'U1', companyId: 'C1', company: { id: 'C1', contactsCount: 4 }, user: { profile: 'admin' } } as unknown as Caller;

const input: CreateContactInput = { name: 'Maria', number: '5511999990000', email: '', extraInfo: [] };

const cancelled = (codes: readonly string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

const contact = (id: string, number: string, name = `Contato ${id}`): Contact => ({
  id,
  companyId: 'C1',
  name,
  number,
  email: '',
  profilePicUrl: null,
  extraInfo: [],
  isGroup: false,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
});

const transactItems = (call = 0) => ddb.commandCalls(TransactWriteCommand)[call]!.args[0].input.TransactItems!;

beforeEach(() => {
  ddb.reset();
  // The realtime publisher's room Query: nobody listening.
  ddb.on(QueryCommand).resolves({ Items: [] });
});

describe('normaliseNumber', () => {
  it.each([
    ['(11) 99999-0000', '5511999990000', 'a Brazilian mobile with area code gets 55'],
    ['11 3333-4444', '551133334444', 'a Brazilian landline with area code gets 55'],
    ['011 99999-0000', '5511999990000', 'a trunk 0 is dropped first'],
    ['+55 11 99999-0000', '5511999990000', 'a number with + keeps its digits'],
    ['0055 11 99999-0000', '5511999990000', 'an international prefix 00 is dropped'],
    ['+1 (415) 555-0100', '14155550100', 'a foreign number with + stays as written'],
    ['14155550100', '14155550100', 'an 11-digit number that is no Brazilian mobile keeps its digits'],
    ['5511999990000', '5511999990000', 'a stored number is already normal'],
    ['abc', '', 'text without digits becomes empty (refused by the schema)'],
  ])('turns %s into %s: %s', (typed, stored) => {
    expect(normaliseNumber(typed)).toBe(stored);
  });
});

describe('numberSearchDigits', () => {
  it('reads a term without letters as digits and a term with letters as a name', () => {
    expect(numberSearchDigits('+55 (11) 9999')).toBe('55119999');
    expect(numberSearchDigits('Loja 24')).toBeUndefined();
    expect(numberSearchDigits('  ')).toBeUndefined();
  });
});

describe('createContact', () => {
  // A company without a connected session: the number is stored unchecked (test/unit/sessions/check-number.test.ts checks it).
  beforeEach(() => {
    ddb.on(GetCommand).resolves({});
    ddb.on(QueryCommand).resolves({ Items: [] });
  });

  it('writes the contact, its number item, one more on the counter and on the day\'s new contacts in one conditional transaction', async () => {
    ddb.on(TransactWriteCommand).resolves({});

    const created = await createContact(caller, input, new Date('2024-05-01T12:00:00.000Z'));

    expect(created).toMatchObject({ name: 'Maria', number: '5511999990000', createdAt: '2024-05-01T12:00:00.000Z' });
    const [contactPut, numberPut, counter, dashboard] = transactItems();
    expect(contactPut?.Put).toMatchObject({
      Item: { PK: `C#C1#CT#${created.id}`, SK: 'CONTACT', GSI1SK: `maria#${created.id}`, GSI2SK: `5511999990000#${created.id}` },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    expect(numberPut?.Put).toMatchObject({ Item: { PK: 'C#C1#CTNUM#5511999990000', contactId: created.id }, ConditionExpression: 'attribute_not_exists(PK)' });
    expect(counter?.Update).toMatchObject({ Key: { PK: 'C#C1', SK: 'COMPANY' }, UpdateExpression: 'ADD contactsCount :delta', ExpressionAttributeValues: { ':delta': 1 } });
    // 'Novos Contatos' of the company day (Brasília) the contact was created, in the same transaction.
    expect(dashboard?.Update).toMatchObject({ Key: { PK: 'C#C1#DASH#2024-05-01', SK: 'COMPANY' }, ExpressionAttributeValues: { ':c0': 1 } });
    expect(dashboard?.Update?.ExpressionAttributeNames).toMatchObject({ '#c0': 'newContacts' });
  });

  it('tries again a transaction cancelled by a conflict on the hot counter, and not one whose condition failed', async () => {
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled(['None', 'None', 'TransactionConflict', 'None']))
      .resolves({});

    await createContact(caller, input);

    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });

  it('answers ERR_DUPLICATED_CONTACT when the number item exists, and tells nobody', async () => {
    ddb.on(TransactWriteCommand).rejects(cancelled(['None', 'ConditionalCheckFailed', 'None', 'None']));

    expect(await errorCodeOf(createContact(caller, input))).toBe('ERR_DUPLICATED_CONTACT');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
  });
});

describe('putNewContacts', () => {
  it('writes 100 contacts in transactions of 48, each moving the counters by its size', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    const contacts = Array.from({ length: 100 }, (_, index) => contact(`K${index}`, `55119${String(index).padStart(8, '0')}`));

    const result = await putNewContacts('C1', contacts);

    expect(result.created).toHaveLength(100);
    const sizes = ddb.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems!.length);
    expect(sizes).toEqual([98, 98, 10]);
    const [counter, dashboard] = transactItems(2).slice(-2);
    expect(counter?.Update?.ExpressionAttributeValues).toEqual({ ':delta': 4 });
    expect(dashboard?.Update?.ExpressionAttributeValues).toMatchObject({ ':c0': 4 });
  });

  it('leaves out a contact whose number was taken meanwhile and writes the rest of its chunk again', async () => {
    const contacts = [contact('K0', '5511900000000'), contact('K1', '5511900000001'), contact('K2', '5511900000002')];
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled(['None', 'None', 'None', 'ConditionalCheckFailed', 'None', 'None', 'None', 'None']))
      .resolves({});

    const result = await putNewContacts('C1', contacts);

    expect(result.duplicates.map((found) => found.id)).toEqual(['K1']);
    expect(result.created.map((found) => found.id)).toEqual(['K0', 'K2']);
    const retry = transactItems(1);
    expect(retry).toHaveLength(6);
    expect(retry.at(-2)?.Update?.ExpressionAttributeValues).toEqual({ ':delta': 2 });
    expect(retry.at(-1)?.Update?.ExpressionAttributeValues).toMatchObject({ ':c0': 2 });
  });
});

describe('updateContact', () => {
  it('moves the number item in the same transaction, on the condition that the number is still the one read', async () => {
    ddb.on(GetCommand).resolves({ Item: contact('K1', '5511900000001') });
    ddb.on(TransactWriteCommand).resolves({});

    const updated = await updateContact(caller, 'K1', { number: '5511900000009' });

    expect(updated.number).toBe('5511900000009');
    const [put, oldNumber, newNumber] = transactItems();
    expect(put?.Put).toMatchObject({
      Item: { GSI2SK: '5511900000009#K1', number: '5511900000009' },
      ConditionExpression: 'attribute_exists(PK) AND #number = :number',
      ExpressionAttributeValues: { ':number': '5511900000001' },
    });
    expect(oldNumber?.Delete).toMatchObject({ Key: keys.uniqueContactNumber('C1', '5511900000001'), ExpressionAttributeValues: { ':id': 'K1' } });
    expect(newNumber?.Put).toMatchObject({ Item: { PK: 'C#C1#CTNUM#5511900000009', contactId: 'K1' }, ConditionExpression: 'attribute_not_exists(PK)' });
  });

  it('writes only the contact when the number stays, and answers ERR_DUPLICATED_CONTACT when the new one is taken', async () => {
    ddb.on(GetCommand).resolves({ Item: contact('K1', '5511900000001') });
    ddb.on(TransactWriteCommand).resolvesOnce({}).rejectsOnce(cancelled(['None', 'None', 'ConditionalCheckFailed']));

    await updateContact(caller, 'K1', { name: 'Novo Nome', number: '5511900000001' });
    const code = await errorCodeOf(updateContact(caller, 'K1', { number: '5511900000002' }));

    expect(transactItems(0)).toHaveLength(1);
    expect(transactItems(0)[0]?.Put?.Item).toMatchObject({ name: 'Novo Nome', GSI1SK: 'novo nome#K1' });
    expect(code).toBe('ERR_DUPLICATED_CONTACT');
  });

  it("announces a new name on the ticket-rows queue for the contact's tickets, and nothing for a change rows do not show", async () => {
    ddb.on(GetCommand).resolves({ Item: contact('K1', '5511900000001') });
    ddb.on(TransactWriteCommand).resolves({});
    sqs.resetHistory();

    await updateContact(caller, 'K1', { name: 'Outro Nome' });
    await updateContact(caller, 'K1', { email: 'novo@example.com' });

    const bodies = sqs.commandCalls(SendMessageCommand).map((call) => JSON.parse(call.args[0].input.MessageBody ?? '{}'));
    expect(bodies).toEqual([
      expect.objectContaining({ source: 'contact', companyId: 'C1', entityId: 'K1', copy: expect.objectContaining({ name: 'Outro Nome', number: '5511900000001' }) }),
    ]);
  });
});

describe('deleteContact', () => {
  it('deletes the contact and its number item and takes one from the counter, all at once', async () => {
    ddb.on(GetCommand).resolves({ Item: contact('K1', '5511900000001') });
    ddb.on(TransactWriteCommand).resolves({});

    await deleteContact(caller, 'K1');

    const [contactDelete, numberDelete, counter] = transactItems();
    expect(contactDelete?.Delete).toMatchObject({ Key: keys.contact('C1', 'K1'), ConditionExpression: 'attribute_exists(PK) AND #number = :number' });
    expect(numberDelete?.Delete).toMatchObject({ Key: keys.uniqueContactNumber('C1', '5511900000001') });
    expect(counter?.Update?.ExpressionAttributeValues).toEqual({ ':delta': -1 });
  });

  it('refuses with ERR_OTHER_OPEN_TICKET while a ticket of the contact is pending or open, writing nothing', async () => {
    ddb.on(GetCommand).resolves({ Item: contact('K1', '5511900000001') });
    ddb.on(QueryCommand, { IndexName: 'GSI3' }).resolves({ Items: [{ id: 'T1' }] });

    expect(await errorCodeOf(deleteContact(caller, 'K1'))).toBe('ERR_OTHER_OPEN_TICKET');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});

describe('cursors', () => {
  const order = { by: 'name', prefix: 'ma' } as const;
  const position = { PK: 'C#C1#CT#K1', SK: 'CONTACT', GSI1PK: 'C#C1#CTNAME', GSI1SK: 'maria#K1' };

  it('reads back a cursor of the same list', () => {
    expect(decodeCursor(encodeCursor(position), 'C1', order)).toEqual(position);
  });

  it.each([
    ['another company', 'C2', order],
    ['another index', 'C1', { by: 'number', prefix: '' } as const],
    ['another prefix', 'C1', { by: 'name', prefix: 'jo' } as const],
  ])('refuses a cursor used for %s', (_case, companyId, otherOrder) => {
    expect(decodeCursor(encodeCursor(position), companyId, otherOrder)).toBeUndefined();
  });

  it.each([
    ['an extra attribute', encodeCursor({ ...position, extra: 'x' })],
    ['a key of another partition', encodeCursor({ ...position, PK: 'C#C1#TK#T1' })],
    ['a number where text belongs', encodeCursor({ ...position, SK: 1 })],
    ['no JSON', Buffer.from('not json').toString('base64url')],
  ])('refuses a cursor with %s', (_case, cursor) => {
    expect(decodeCursor(cursor, 'C1', order)).toBeUndefined();
  });
});

describe('queryContactPage', () => {
  const item = (index: number) => {
    const found = contact(`K${index}`, `5511900000${String(index).padStart(3, '0')}`, `Nome ${index}`);
    return { ...keys.contact('C1', found.id), ...contactListIndexes({ ...found, foldedName: found.name.toLowerCase() }), ...found };
  };

  it('reads one entry more than the page, and answers the position after its last contact', async () => {
    ddb.on(QueryCommand).resolves({ Items: Array.from({ length: 21 }, (_, index) => item(index)), LastEvaluatedKey: { PK: 'x' } });

    const page = await queryContactPage('C1', { order: { by: 'name', prefix: '' }, limit: 20 });

    expect(ddb.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({ IndexName: 'GSI1', Limit: 21, KeyConditionExpression: 'GSI1PK = :pk' });
    expect(page.contacts).toHaveLength(20);
    expect(page.contacts[0]).not.toHaveProperty('GSI1SK');
    expect(page.next).toEqual({ PK: 'C#C1#CT#K19', SK: 'CONTACT', GSI1PK: 'C#C1#CTNAME', GSI1SK: 'nome 19#K19' });
  });

  it('stops a filtered page after five reads of 100 and answers what it found with a cursor', async () => {
    ddb.on(QueryCommand).resolves({ Items: [item(1)], LastEvaluatedKey: { PK: 'more' } });

    const page = await queryContactPage('C1', { order: { by: 'number', prefix: '5511' }, limit: 20, createdFrom: '2024-01-01' });

    const calls = ddb.commandCalls(QueryCommand);
    expect(calls).toHaveLength(5);
    expect(calls[0]!.args[0].input).toMatchObject({
      IndexName: 'GSI2',
      Limit: 100,
      KeyConditionExpression: 'GSI2PK = :pk AND begins_with(GSI2SK, :prefix)',
      FilterExpression: 'createdAt >= :from',
    });
    expect(page.contacts).toHaveLength(5);
    expect(page.next).toEqual({ PK: 'more' });
  });
});

describe('export cells', () => {
  it.each([
    ['Maria', 'Maria'],
    ['=1+2', "'=1+2"],
    ['+5511', "'+5511"],
    ['-cmd', "'-cmd"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['Bar; Café', '"Bar; Café"'],
    ['Diz "oi"', '"Diz ""oi"""'],
    ['linha\nnova', '"linha\nnova"'],
  ])('writes %j as %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

describe('the import of a crafted .xlsx', () => {
  it('makes the import refuse an .xlsx that declares more than 64 MB unpacked, before inflating it', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Contatos').addRow(['nome', 'numero']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const directory = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bytes.writeUInt32LE(65 * 1024 * 1024, directory + 24);

    const refused = readSpreadsheet({ fieldName: 'file', fileName: 'bomba.xlsx', mimeType: '', bytes });

    await expect(refused).rejects.toMatchObject({ code: 'ERR_VALIDATION', options: { message: TOO_BIG } });
  });
});
