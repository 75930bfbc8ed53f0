/** The admin-page kit's list pieces: what a list page shows of its paged query, its timings, the download. */
import { jest } from '@jest/globals';
import { downloadFrom } from '../../../../web/src/components/download';
import { listStateOf, type PagedQuery } from '../../../../web/src/components/list-state';
import { LOAD_MORE_DISTANCE_PX, SEARCH_DEBOUNCE_MS } from '../../../../web/src/components/timing';

const query = (overrides: Partial<PagedQuery> = {}): PagedQuery => ({
  isPending: false,
  isError: false,
  data: { pages: [] },
  hasNextPage: false,
  isFetchingNextPage: false,
  fetchNextPage: async () => undefined,
  refetch: async () => undefined,
  ...overrides,
});

describe('listStateOf', () => {
  test('shows the spinner, and nothing else, while the first page loads', () => {
    const state = listStateOf(query({ isPending: true, data: undefined }), 0);

    expect(state).toMatchObject({ pending: true, failed: false, empty: false, filled: false });
  });

  test('shows the load error only when no page could be loaded', () => {
    expect(listStateOf(query({ isError: true, data: undefined }), 0).failed).toBe(true);
    // A later page failed: what was loaded stays on screen.
    expect(listStateOf(query({ isError: true }), 3)).toMatchObject({ failed: false, filled: true });
  });

  test('says the list is empty only once every page is loaded and none holds anything', () => {
    expect(listStateOf(query(), 0).empty).toBe(true);
    expect(listStateOf(query({ hasNextPage: true }), 0).empty).toBe(false);
    expect(listStateOf(query(), 2).empty).toBe(false);
  });

  test('offers the next page while there is one, and says when it is on its way', () => {
    expect(listStateOf(query({ hasNextPage: true, isFetchingNextPage: true }), 20)).toMatchObject({ hasMore: true, loadingMore: true });
  });

  test('asks the query for the next page and for a retry', () => {
    const fetchNextPage = jest.fn(async () => undefined);
    const refetch = jest.fn(async () => undefined);
    const state = listStateOf(query({ fetchNextPage, refetch }), 1);

    state.loadMore();
    state.retry();

    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});

describe('the timings of spec 1 §9', () => {
  test('searches 500 ms after the last keystroke and loads more within 100 px of the end', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(500);
    expect(LOAD_MORE_DISTANCE_PX).toBe(100);
  });
});

describe('downloadFrom', () => {
  const realDocument = globalThis.document;
  afterEach(() => {
    globalThis.document = realDocument;
  });

  test('follows a hidden link to the file, named, and takes the link away again', () => {
    const clicks: { href: string; download: string; attached: boolean }[] = [];
    const attached = new Set<object>();
    const link = {
      href: '',
      download: '',
      rel: '',
      style: { display: '' },
      click: () => clicks.push({ href: link.href, download: link.download, attached: attached.has(link) }),
      remove: () => attached.delete(link),
    };
    globalThis.document = {
      createElement: () => link,
      body: { append: (element: object) => attached.add(element) },
    } as unknown as Document;

    downloadFrom('https://files.example/contatos.csv?sig=1', 'contatos.csv');

    expect(clicks).toEqual([{ href: 'https://files.example/contatos.csv?sig=1', download: 'contatos.csv', attached: true }]);
    expect(link.style.display).toBe('none');
    expect(attached.size).toBe(0);
  });
});
