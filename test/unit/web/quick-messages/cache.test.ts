/** Live quick messages: events and the client's own saves applied to the cached lists (checklist O-092). */
import { QueryClient } from '@tanstack/react-query';
import type { QuickMessage } from '../../../../shared/quick-messages';
import { quickMessageKeys } from '../../../../web/src/api/quick-messages';
import {
  applyQuickMessageEvent,
  listedQuickMessages,
  removeFromList,
  type QuickMessageListData,
} from '../../../../web/src/quick-messages/quick-message-cache';

const quickMessage = (id: string, overrides: Partial<QuickMessage> = {}): QuickMessage => ({
  id,
  shortcode: `atalho-${id}`,
  message: 'Olá {{name}}',
  geral: false,
  status: true,
  userId: 'U1',
  mediaPath: null,
  mediaName: null,
  isMedia: false,
  mediaUrl: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  ...overrides,
});

const twoPages = (): QuickMessageListData => ({
  pages: [
    { records: [quickMessage('A'), quickMessage('B')], hasMore: true },
    { records: [quickMessage('C')], hasMore: false },
  ],
  pageParams: [1, 2],
});

describe('removeFromList', () => {
  test('takes the quick message out of the page that holds it', () => {
    const after = removeFromList(twoPages(), 'B');

    expect(listedQuickMessages(after).map((record) => record.id)).toEqual(['A', 'C']);
    expect(after.pageParams).toEqual([1, 2]);
  });

  test('answers the very same list when the quick message is not in it', () => {
    const data = twoPages();

    expect(removeFromList(data, 'Z')).toBe(data);
  });
});

describe('listedQuickMessages', () => {
  test('lists each quick message once, though a change between two page fetches put it in both', () => {
    const data: QuickMessageListData = {
      pages: [
        { records: [quickMessage('A'), quickMessage('B')], hasMore: true },
        { records: [quickMessage('B'), quickMessage('C')], hasMore: false },
      ],
      pageParams: [1, 2],
    };

    expect(listedQuickMessages(data).map((record) => record.id)).toEqual(['A', 'B', 'C']);
  });

  test('lists nothing before the first page', () => {
    expect(listedQuickMessages(undefined)).toEqual([]);
  });
});

describe('applyQuickMessageEvent', () => {
  let client: QueryClient;

  beforeEach(() => {
    client = new QueryClient();
    client.setQueryData(quickMessageKeys.list(''), twoPages());
    client.setQueryData(quickMessageKeys.list('atalho-b'), { pages: [{ records: [quickMessage('B')], hasMore: false }], pageParams: [1] });
    client.setQueryData(quickMessageKeys.usable, [quickMessage('B')]);
    client.setQueryData(quickMessageKeys.one('B'), quickMessage('B'));
  });

  afterEach(() => client.clear());

  const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

  test('takes a deleted one out of every cached list at once, forgets it, and refetches the lists and the suggestions', () => {
    applyQuickMessageEvent(client, { action: 'delete', id: 'B' });

    expect(listedQuickMessages(client.getQueryData<QuickMessageListData>(quickMessageKeys.list(''))).map((record) => record.id)).toEqual(['A', 'C']);
    expect(listedQuickMessages(client.getQueryData<QuickMessageListData>(quickMessageKeys.list('atalho-b')))).toEqual([]);
    expect(client.getQueryData(quickMessageKeys.one('B'))).toBeUndefined();
    expect([stale(quickMessageKeys.list('')), stale(quickMessageKeys.usable)]).toEqual([true, true]);
  });

  test('refetches the lists and suggestions on a create or an update, and keeps the cached one current', () => {
    const changed = quickMessage('B', { shortcode: 'novo', geral: true });

    applyQuickMessageEvent(client, { action: 'update', record: changed });

    expect(client.getQueryData(quickMessageKeys.one('B'))).toEqual(changed);
    expect([stale(quickMessageKeys.list('')), stale(quickMessageKeys.list('atalho-b')), stale(quickMessageKeys.usable)]).toEqual([true, true, true]);
  });

  test('caches no quick message that was not being looked at', () => {
    applyQuickMessageEvent(client, { action: 'create', record: quickMessage('N') });

    expect(client.getQueryData(quickMessageKeys.one('N'))).toBeUndefined();
  });
});
