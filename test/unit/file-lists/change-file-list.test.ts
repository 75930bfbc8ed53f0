/**
 * Changing a file list against a concurrent change (change-file-list.ts, upload-file-list-files.ts):
 * every write is conditional on the version read; a lost race reads and decides again, then answers
 * ERR_CONFLICT; files stored for an upload that cannot be saved are deleted again, and a file replaced
 * is deleted only once the list no longer points at it.
 */
import { ApiGatewayManagementApiClient, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { Caller } from '../../../functions/core/caller/load-caller';
import { CHANGE_ATTEMPTS } from '../../../functions/core/file-lists/change-file-list';
import { updateFileList } from '../../../functions/core/file-lists/update-file-list';
import { uploadFileListFiles } from '../../../functions/core/file-lists/upload-file-list-files';
import type { StoredFileList } from '../../../functions/core/repositories/file-lists';
import { errorCodeOf } from '../../support/errors';

process.env.TABLE_NAME = 'table-under-test';
process.env.MEDIA_BUCKET = 'media-under-test';
process.env.WS_MANAGEMENT_ENDPOINT = 'https://ws.example.test/dev';
process.env.AWS_REGION = 'us-east-1';
process.env.AWS_ACCESS_KEY_ID = 'AKIDTEST';
process.env.AWS_SECRET_ACCESS_KEY = 'secret-under-test';
process.env.LOG_LEVEL = 'silent';

const ddb = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);
const ws = mockClient(ApiGatewayManagementApiClient);

const LIST = '01J000000000000000000000AA';
const OPTION = '01J000000000000000000000B1';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const NOW = new Date('2030-05-06T07:08:09.000Z');
const admin = { companyId: 'C1', userId: 'A1', isAdmin: true } as unknown as Caller;

const stored = (version: number, key: string | null = 'companies/C1/file-lists/L/old.pdf'): StoredFileList => ({
  id: LIST,
  companyId: 'C1',
  name: 'Catálogo',
  message: 'Veja',
  userId: 'A1',
  options: [{ id: OPTION, name: 'Tabela', mediaType: key === null ? null : 'application', key, contentType: key === null ? null : 'application/pdf', fileName: key === null ? null : 'old.pdf' }],
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  version,
});

const lostRace = () => new ConditionalCheckFailedException({ message: 'changed meanwhile', $metadata: {} });
const expectedVersions = () => ddb.commandCalls(PutCommand).map((call) => call.args[0].input.ExpressionAttributeValues?.[':expected'] as number);
const deletedKeys = () => s3.commandCalls(DeleteObjectCommand).map((call) => call.args[0].input.Key);
const upload = () => uploadFileListFiles(admin, LIST, [{ fieldName: 'files', fileName: 'novo arquivo.png', mimeType: 'application/pdf', bytes: PNG }], { id: [OPTION], name: [], mediaType: [] }, NOW);

beforeEach(() => {
  ddb.reset();
  s3.reset();
  ws.reset();
  ddb.on(QueryCommand).resolves({ Items: [] });
  s3.on(PutObjectCommand).resolves({});
  s3.on(DeleteObjectCommand).resolves({});
  ws.on(PostToConnectionCommand).resolves({});
});

describe('a change that loses a race', () => {
  it('reads the list again and writes on the version it then read', async () => {
    ddb.on(GetCommand).resolvesOnce({ Item: stored(3) }).resolves({ Item: stored(4) });
    ddb.on(PutCommand).rejectsOnce(lostRace()).resolves({});

    const saved = await updateFileList(admin, LIST, { name: 'Novo nome', message: 'Oi' }, NOW);

    expect(expectedVersions()).toEqual([3, 4]);
    expect(ddb.commandCalls(PutCommand)[1]?.args[0].input.Item).toMatchObject({ name: 'Novo nome', version: 5, updatedAt: NOW.toISOString() });
    expect(saved.name).toBe('Novo nome');
  });

  it(`answers ERR_CONFLICT after ${CHANGE_ATTEMPTS} lost races, deleting no file`, async () => {
    ddb.on(GetCommand).resolves({ Item: stored(3) });
    ddb.on(PutCommand).rejects(lostRace());

    expect(await errorCodeOf(updateFileList(admin, LIST, { name: 'Novo nome', message: 'Oi', options: [] }, NOW))).toBe('ERR_CONFLICT');
    expect(ddb.commandCalls(PutCommand)).toHaveLength(CHANGE_ATTEMPTS);
    expect(deletedKeys()).toEqual([]);
  });
});

describe('an upload', () => {
  it('stores the file typed by its bytes, points the option at it, then deletes the file it replaced', async () => {
    ddb.on(GetCommand).resolves({ Item: stored(1) });
    ddb.on(PutCommand).resolves({});

    const saved = await upload();

    const put = s3.commandCalls(PutObjectCommand)[0]?.args[0].input;
    expect(put).toMatchObject({ Bucket: 'media-under-test', ContentType: 'image/png' });
    expect(put?.Key).toMatch(new RegExp(`^companies/C1/file-lists/${LIST}/[0-9A-Z]{26}-novo_arquivo\\.png$`));
    expect(ddb.commandCalls(PutCommand)[0]?.args[0].input.Item?.options).toEqual([
      { id: OPTION, name: 'Tabela', mediaType: 'image', key: put?.Key, contentType: 'image/png', fileName: 'novo_arquivo.png' },
    ]);
    expect(deletedKeys()).toEqual(['companies/C1/file-lists/L/old.pdf']);
    expect(saved.options[0]).toMatchObject({ path: 'novo_arquivo.png', mediaType: 'image' });
  });

  it('deletes the file it stored when the option is gone by the time it is saved, and keeps the list’s own', async () => {
    const withoutOption = { ...stored(2), options: [] };
    // Read once to check the upload, then again to save it: the option was removed in between.
    ddb.on(GetCommand).resolvesOnce({ Item: stored(1) }).resolves({ Item: withoutOption });

    expect(await errorCodeOf(upload())).toBe('ERR_VALIDATION');
    const storedKey = s3.commandCalls(PutObjectCommand)[0]?.args[0].input.Key;
    expect(deletedKeys()).toEqual([storedKey]);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });
});
