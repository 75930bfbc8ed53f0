/** Live file lists: `file` events and the client's own saves applied to the cached lists (checklist O-095). */
import { QueryClient } from '@tanstack/react-query';
import type { FileList, FileListPage } from '../../../../shared/file-lists';
import { fileListKeys, fileListPages } from '../../../../web/src/api/file-lists';
import { applyFileListEvent } from '../../../../web/src/file-lists/use-file-list-events';

const list = (id: string, name = `Lista ${id}`): FileList => ({
  id,
  name,
  message: 'Oi',
  options: [],
  userId: 'U1',
  companyId: 'C1',
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
});

function clientWithLists(): QueryClient {
  const client = new QueryClient();
  const pages: { pages: FileListPage[]; pageParams: number[] } = {
    pages: [
      { files: [list('A'), list('B')], hasMore: true },
      { files: [list('C')], hasMore: false },
    ],
    pageParams: [1, 2],
  };
  client.setQueryData(fileListKeys.list(''), pages);
  client.setQueryData(fileListKeys.one('B'), list('B'));
  return client;
}

const listed = (client: QueryClient) => fileListPages.items(client.getQueryData(fileListKeys.list(''))).map((each) => each.id);

describe('applyFileListEvent', () => {
  test('takes a deleted list out of the cached lists at once, forgets it, and reads the lists again', () => {
    const client = clientWithLists();

    applyFileListEvent(client, { action: 'delete', id: 'B' });

    expect(listed(client)).toEqual(['A', 'C']);
    expect(client.getQueryData(fileListKeys.one('B'))).toBeUndefined();
    expect(client.getQueryState(fileListKeys.list(''))?.isInvalidated).toBe(true);
  });

  test('reads a changed list again, for its files’ links, and the lists, for the server’s order', () => {
    const client = clientWithLists();

    applyFileListEvent(client, { action: 'update', record: list('B', 'Renomeada') });

    expect(client.getQueryState(fileListKeys.one('B'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(fileListKeys.list(''))?.isInvalidated).toBe(true);
    expect(client.getQueryState(fileListKeys.one('A'))).toBeUndefined();
  });
});
