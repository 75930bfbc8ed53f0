/** Attaching an image to an announcement: checks before storing, the order of writes, and the clean-up. */
import { ApiGatewayManagementApiClient, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { UploadedFile } from '../../../functions/core/media/multipart';
import type { StoredAnnouncement } from '../../../functions/core/repositories/announcements';
import { uploadAnnouncementMedia } from '../../../functions/core/platform/upload-announcement-media';
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

const ID = '01HZY3M0000000000000000000';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const NOW = new Date('2030-05-06T07:08:09.000Z');

const stored = (overrides: Partial<StoredAnnouncement> = {}): StoredAnnouncement => ({
  id: ID,
  title: 'Aviso',
  text: 'Texto',
  priority: 3,
  status: true,
  mediaPath: null,
  mediaName: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  ...overrides,
});

const file = (fileName: string, bytes: Buffer = PNG): UploadedFile => ({ fieldName: 'file', fileName, mimeType: 'image/png', bytes });

/** What each connection of the platform-wide room was sent. */
const published = () => ws.commandCalls(PostToConnectionCommand).map((call) => JSON.parse(postedText(call.args[0].input.Data)));

beforeEach(() => {
  ddb.reset();
  s3.reset();
  ws.reset();
  ddb.on(GetCommand).resolves({ Item: stored() });
  ddb.on(UpdateCommand).resolves({ Attributes: stored() });
  ddb.on(QueryCommand).resolves({ Items: [{ connectionId: 'conn-1', companyId: 'C1', userId: 'U1' }] });
  s3.on(PutObjectCommand).resolves({});
  s3.on(DeleteObjectCommand).resolves({});
  ws.on(PostToConnectionCommand).resolves({});
});

describe('uploadAnnouncementMedia', () => {
  it('stores the image under announcements/<id>/<safe name> with its sniffed type, then points the announcement at it', async () => {
    const answer = await uploadAnnouncementMedia(ID, file('Aviso de Férias.PNG'), NOW);

    const key = `announcements/${ID}/Aviso_de_Ferias.PNG`;
    expect(s3.commandCalls(PutObjectCommand)[0]!.args[0].input).toEqual({
      Bucket: 'media-under-test',
      Key: key,
      Body: PNG,
      ContentType: 'image/png',
    });
    expect(ddb.commandCalls(UpdateCommand)[0]!.args[0].input).toMatchObject({
      TableName: 'table-under-test',
      Key: { PK: 'PLATFORM#ANNOUNCEMENTS', SK: `ANN#${ID}` },
      ConditionExpression: 'attribute_exists(PK)',
      ReturnValues: 'ALL_OLD',
      ExpressionAttributeValues: { ':v0': key, ':v1': 'Aviso_de_Ferias.PNG', ':v2': NOW.toISOString() },
    });
    expect(answer).toMatchObject({ mediaPath: key, mediaName: 'Aviso_de_Ferias.PNG', updatedAt: NOW.toISOString() });
    const url = new URL(answer.mediaUrl ?? '');
    expect(url.pathname).toContain(`/announcements/${ID}/Aviso_de_Ferias.PNG`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(s3.commandCalls(DeleteObjectCommand)).toHaveLength(0);
  });

  it('deletes the earlier image after the announcement points at the new one', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: stored({ mediaPath: `announcements/${ID}/old.jpg`, mediaName: 'old.jpg' }) });

    await uploadAnnouncementMedia(ID, file('new.png'), NOW);

    expect(s3.commandCalls(DeleteObjectCommand).map((call) => call.args[0].input)).toEqual([
      { Bucket: 'media-under-test', Key: `announcements/${ID}/old.jpg` },
    ]);
    expect(ddb.commandCalls(UpdateCommand)[0]!.args[0].input.ExpressionAttributeValues).toMatchObject({ ':v0': `announcements/${ID}/new.png` });
  });

  it('keeps the object when the new image has the same name as the earlier one (same key, overwritten)', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: stored({ mediaPath: `announcements/${ID}/same.png`, mediaName: 'same.png' }) });

    await uploadAnnouncementMedia(ID, file('same.png'), NOW);

    expect(s3.commandCalls(DeleteObjectCommand)).toHaveLength(0);
  });

  it.each([
    ['setup.exe', PNG],
    ['photo.gif', PNG],
    ['fake.png', Buffer.from('GIF89a not a png')],
    ['jpeg-in-disguise.png', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0])],
  ])('refuses %s before storing or writing anything', async (name, bytes) => {
    const code = await errorCodeOf(uploadAnnouncementMedia(ID, file(name, bytes), NOW));

    expect(code).toBe('ERR_VALIDATION');
    expect(s3.calls()).toHaveLength(0);
    expect(ddb.calls()).toHaveLength(0);
  });

  it('answers 404 for a missing announcement before storing anything', async () => {
    ddb.on(GetCommand).resolves({});

    expect(await errorCodeOf(uploadAnnouncementMedia(ID, file('a.png'), NOW))).toBe('ERR_NO_ANNOUNCEMENT_FOUND');
    expect(s3.calls()).toHaveLength(0);
  });

  it('deletes the stored object again when the announcement disappears before it can point at it', async () => {
    ddb.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'gone', $metadata: {} }));

    const code = await errorCodeOf(uploadAnnouncementMedia(ID, file('a.png'), NOW));

    expect(code).toBe('ERR_NO_ANNOUNCEMENT_FOUND');
    expect(s3.commandCalls(DeleteObjectCommand).map((call) => call.args[0].input.Key)).toEqual([`announcements/${ID}/a.png`]);
    expect(published()).toEqual([]);
  });

  it('publishes the updated announcement with its URL to the platform-wide room', async () => {
    const answer = await uploadAnnouncementMedia(ID, file('a.png'), NOW);

    expect(ddb.commandCalls(QueryCommand)[0]!.args[0].input.ExpressionAttributeValues).toEqual({
      ':pk': 'PLATFORM#ROOM#global',
      ':sk': 'C#',
    });
    expect(published()).toEqual([{ event: 'company-announcement', data: { action: 'update', record: answer } }]);
  });

  it('publishes an inactive announcement by its id only', async () => {
    ddb.on(UpdateCommand).resolves({ Attributes: stored({ status: false, title: 'Rascunho' }) });

    await uploadAnnouncementMedia(ID, file('a.png'), NOW);

    expect(published()).toEqual([{ event: 'company-announcement', data: { action: 'inactive', id: ID } }]);
  });
});
