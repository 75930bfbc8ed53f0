/**
 * The announcement use cases' rules: who reads what, newest first and paged; writes that never create
 * by accident; images deleted with what referred to them; events that never carry an inactive one.
 */
import { ApiGatewayManagementApiClient, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { ANNOUNCEMENT_TEXT_MAX, ANNOUNCEMENT_TITLE_MAX } from '../../../shared/announcements';
import { MAX_FRAME_BYTES } from '../../../shared/realtime-events';
import type { StoredAnnouncement } from '../../../functions/core/repositories/announcements';
import { createAnnouncement } from '../../../functions/core/platform/create-announcement';
import { deleteAnnouncement } from '../../../functions/core/platform/delete-announcement';
import { deleteAnnouncementMedia } from '../../../functions/core/platform/delete-announcement-media';
import { getAnnouncement } from '../../../functions/core/platform/get-announcement';
import { listAnnouncements } from '../../../functions/core/platform/list-announcements';
import { presentAnnouncement } from '../../../functions/core/platform/present-announcement';
import { updateAnnouncement } from '../../../functions/core/platform/update-announcement';
import { errorCodeOf } from '../../support/errors';
import { postedText } from '../../support/frame-text';

process.env.TABLE_NAME = 'table-under-test';
process.env.MEDIA_BUCKET = 'media-under-test';
process.env.WS_MANAGEMENT_ENDPOINT = 'https://ws.example.test/dev';
process.env.AWS_REGION = 'us-east-1';
process.env.AWS_ACCESS_KEY_ID = 'AKIDTEST';
process.env.AWS_SECRET_ACCESS_KEY = 'secret-under-test';

const ddb = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);
const ws = mockClient(ApiGatewayManagementApiClient);

const NOW = new Date('2030-05-06T07:08:09.000Z');
const SUPER = { isSuper: true };
const USER = { isSuper: false };

let sequence = 0;
const stored = (overrides: Partial<StoredAnnouncement> = {}): StoredAnnouncement => {
  sequence += 1;
  return {
    id: `01HZY3M00000000000000000${String(sequence).padStart(2, '0')}`,
    title: `Aviso ${sequence}`,
    text: 'Texto',
    priority: 3,
    status: true,
    mediaPath: null,
    mediaName: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
};

const item = (announcement: StoredAnnouncement) => ({
  PK: 'PLATFORM#ANNOUNCEMENTS',
  SK: `ANN#${announcement.id}`,
  entity: 'announcement',
  ...announcement,
});

const ANNOUNCEMENTS_QUERY = { ExpressionAttributeValues: { ':pk': 'PLATFORM#ANNOUNCEMENTS', ':sk': 'ANN#' } };
const ROOM_QUERY = { ExpressionAttributeValues: { ':pk': 'PLATFORM#ROOM#global', ':sk': 'C#' } };

const published = () => ws.commandCalls(PostToConnectionCommand).map((call) => JSON.parse(postedText(call.args[0].input.Data)));

beforeEach(() => {
  ddb.reset();
  s3.reset();
  ws.reset();
  ddb.on(QueryCommand, ROOM_QUERY).resolves({ Items: [{ connectionId: 'conn-1', companyId: 'C1', userId: 'U1' }] });
  s3.on(DeleteObjectCommand).resolves({});
  ws.on(PostToConnectionCommand).resolves({});
});

describe('listAnnouncements', () => {
  it('reads the platform partition newest first, following every Query page', async () => {
    const [newest, older, oldest] = [stored(), stored(), stored()];
    ddb
      .on(QueryCommand, ANNOUNCEMENTS_QUERY)
      .resolvesOnce({ Items: [item(newest), item(older)], LastEvaluatedKey: { PK: 'x', SK: 'y' } })
      .resolvesOnce({ Items: [item(oldest)] });

    const page = await listAnnouncements(SUPER, { searchParam: '', pageNumber: 1 });

    expect(page.records.map((record) => record.id)).toEqual([newest.id, older.id, oldest.id]);
    const queries = ddb.commandCalls(QueryCommand, ANNOUNCEMENTS_QUERY).map((call) => call.args[0].input);
    expect(queries[0]).toMatchObject({ TableName: 'table-under-test', ScanIndexForward: false, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)' });
    expect(queries[1]).toMatchObject({ ExclusiveStartKey: { PK: 'x', SK: 'y' } });
    expect(page.records[0]).not.toHaveProperty('PK');
  });

  it('gives users who are not super users the active announcements only', async () => {
    const [active, inactive] = [stored(), stored({ status: false })];
    ddb.on(QueryCommand, ANNOUNCEMENTS_QUERY).resolves({ Items: [item(active), item(inactive)] });

    const asUser = await listAnnouncements(USER, { searchParam: '', pageNumber: 1 });
    const asSuper = await listAnnouncements(SUPER, { searchParam: '', pageNumber: 1 });

    expect(asUser.records.map((record) => record.id)).toEqual([active.id]);
    expect(asSuper.records.map((record) => record.id)).toEqual([active.id, inactive.id]);
  });

  it('searches title and text ignoring accents and case, and pages by 20', async () => {
    const matching = Array.from({ length: 21 }, (_, index) => stored({ title: `Férias ${index}` }));
    const other = stored({ title: 'Outro', text: 'nada' });
    const byText = stored({ title: 'Outro', text: 'Sobre FERIAS coletivas' });
    ddb.on(QueryCommand, ANNOUNCEMENTS_QUERY).resolves({ Items: [...matching, other, byText].map(item) });

    const first = await listAnnouncements(SUPER, { searchParam: 'ferias', pageNumber: 1 });
    const second = await listAnnouncements(SUPER, { searchParam: 'ferias', pageNumber: 2 });

    expect(first.records).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    expect(second.records.map((record) => record.id)).toEqual([matching[20]!.id, byText.id]);
    expect(second.hasMore).toBe(false);
  });
});

describe('getAnnouncement', () => {
  it('answers an inactive announcement to a user who is not a super user as if it did not exist', async () => {
    const inactive = stored({ status: false });
    ddb.on(GetCommand).resolves({ Item: item(inactive) });

    expect(await errorCodeOf(getAnnouncement(USER, inactive.id))).toBe('ERR_NO_ANNOUNCEMENT_FOUND');
    expect(await getAnnouncement(SUPER, inactive.id)).toEqual({ ...inactive, mediaUrl: null });
  });
});

describe('createAnnouncement', () => {
  it('writes a new item under a fresh id without overwriting, and publishes it to the platform-wide room', async () => {
    ddb.on(PutCommand).resolves({});

    const created = await createAnnouncement({ title: 'Aviso', text: 'Texto', priority: 2, status: true }, NOW);

    expect(ddb.commandCalls(PutCommand)[0]!.args[0].input).toEqual({
      TableName: 'table-under-test',
      Item: {
        PK: 'PLATFORM#ANNOUNCEMENTS',
        SK: `ANN#${created.id}`,
        entity: 'announcement',
        id: created.id,
        title: 'Aviso',
        text: 'Texto',
        priority: 2,
        status: true,
        mediaPath: null,
        mediaName: null,
        createdAt: NOW.toISOString(),
        updatedAt: NOW.toISOString(),
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    expect(published()).toEqual([{ event: 'company-announcement', data: { action: 'create', record: created } }]);
  });

  it('publishes an inactive announcement by its id only', async () => {
    ddb.on(PutCommand).resolves({});

    const created = await createAnnouncement({ title: 'Rascunho', text: 'Segredo', priority: 3, status: false }, NOW);

    expect(published()).toEqual([{ event: 'company-announcement', data: { action: 'inactive', id: created.id } }]);
  });
});

describe('updateAnnouncement', () => {
  it('sets only the fields given, on an existing item only', async () => {
    const before = stored({ priority: 1 });
    ddb.on(UpdateCommand).resolves({ Attributes: item(before) });

    const updated = await updateAnnouncement(before.id, { title: 'Novo', text: 'Novo texto', priority: undefined, status: undefined }, NOW);

    const input = ddb.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(input).toMatchObject({
      Key: { PK: 'PLATFORM#ANNOUNCEMENTS', SK: `ANN#${before.id}` },
      ConditionExpression: 'attribute_exists(PK)',
      UpdateExpression: 'SET #f0 = :v0, #f1 = :v1, #f2 = :v2',
      ExpressionAttributeNames: { '#f0': 'title', '#f1': 'text', '#f2': 'updatedAt' },
    });
    expect(updated).toEqual({ ...before, title: 'Novo', text: 'Novo texto', updatedAt: NOW.toISOString(), mediaUrl: null });
  });

  it('answers ERR_NO_ANNOUNCEMENT_FOUND for a missing id and publishes nothing', async () => {
    ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'missing', $metadata: {} }));

    expect(await errorCodeOf(updateAnnouncement('01HZY3M0000000000000000099', { title: 'a', text: 'b' }, NOW))).toBe('ERR_NO_ANNOUNCEMENT_FOUND');
    expect(published()).toEqual([]);
  });

  it('tells everyone an announcement made inactive is gone, without its content', async () => {
    const before = stored({ title: 'Público' });
    ddb.on(UpdateCommand).resolves({ Attributes: item(before) });

    await updateAnnouncement(before.id, { title: 'Rascunho', text: 'Segredo', status: false }, NOW);

    expect(published()).toEqual([{ event: 'company-announcement', data: { action: 'inactive', id: before.id } }]);
  });
});

describe('deleteAnnouncement', () => {
  it('deletes the item, then its image, then publishes the deletion', async () => {
    const withImage = stored({ mediaPath: 'announcements/X/a.png', mediaName: 'a.png' });
    ddb.on(DeleteCommand).resolves({ Attributes: item(withImage) });

    await deleteAnnouncement(withImage.id);

    expect(ddb.commandCalls(DeleteCommand)[0]!.args[0].input).toMatchObject({
      Key: { PK: 'PLATFORM#ANNOUNCEMENTS', SK: `ANN#${withImage.id}` },
      ReturnValues: 'ALL_OLD',
    });
    expect(s3.commandCalls(DeleteObjectCommand)[0]!.args[0].input).toEqual({ Bucket: 'media-under-test', Key: 'announcements/X/a.png' });
    expect(published()).toEqual([{ event: 'company-announcement', data: { action: 'delete', id: withImage.id } }]);
  });

  it('answers ERR_NO_ANNOUNCEMENT_FOUND when there was nothing to delete, touching no object', async () => {
    ddb.on(DeleteCommand).resolves({});

    expect(await errorCodeOf(deleteAnnouncement('01HZY3M0000000000000000099'))).toBe('ERR_NO_ANNOUNCEMENT_FOUND');
    expect(s3.calls()).toHaveLength(0);
    expect(published()).toEqual([]);
  });
});

describe('deleteAnnouncementMedia', () => {
  it('clears the fields first, then deletes the object the announcement pointed at', async () => {
    const withImage = stored({ mediaPath: 'announcements/X/a.png', mediaName: 'a.png' });
    ddb.on(UpdateCommand).resolves({ Attributes: item(withImage) });

    const answer = await deleteAnnouncementMedia(withImage.id, NOW);

    expect(ddb.commandCalls(UpdateCommand)[0]!.args[0].input).toMatchObject({
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':v0': null, ':v1': null, ':v2': NOW.toISOString() },
    });
    expect(s3.commandCalls(DeleteObjectCommand)[0]!.args[0].input.Key).toBe('announcements/X/a.png');
    expect(answer).toMatchObject({ mediaPath: null, mediaName: null, mediaUrl: null });
  });

  it('deletes no object when the announcement had no image', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: item(stored()) });

    await deleteAnnouncementMedia('01HZY3M0000000000000000098', NOW);

    expect(s3.commandCalls(DeleteObjectCommand)).toHaveLength(0);
  });
});

describe('the realtime payload', () => {
  it('fits one frame for the longest title and text of escaped characters, with an image URL', async () => {
    const worst = await presentAnnouncement(
      stored({
        title: '\u0001'.repeat(ANNOUNCEMENT_TITLE_MAX),
        text: '\u0001'.repeat(ANNOUNCEMENT_TEXT_MAX),
        mediaPath: `announcements/01HZY3M0000000000000000001/${'n'.repeat(116)}.png`,
        mediaName: `${'n'.repeat(116)}.png`,
      }),
    );
    // Lambda credentials add a session token of about 1 KB (URL-encoded) to every presigned URL.
    const frame = JSON.stringify({ event: 'company-announcement', data: { action: 'update', record: worst } });

    expect(Buffer.byteLength(frame) + 1500).toBeLessThan(MAX_FRAME_BYTES);
  });
});
