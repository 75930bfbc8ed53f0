/**
 * The resource lists' cache (api/list-cache.ts): one algorithm for the cached pages of contacts, tags,
 * users, quick messages and schedules, the noun of their items as its parameter.
 */
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { listCache, putSavedInList, updateCachedItem } from '../../../../web/src/api/list-cache';

interface Widget {
  readonly id: string;
  readonly name: string;
}
interface WidgetPage {
  readonly widgets: readonly Widget[];
  readonly hasMore: boolean;
}
type WidgetLists = InfiniteData<WidgetPage, number>;

const widgets = listCache<WidgetPage, 'widgets'>('widgets');
const w = (id: string, name = id): Widget => ({ id, name });
const lists = (...pages: (readonly Widget[])[]): WidgetLists => ({
  pages: pages.map((items, index) => ({ widgets: items, hasMore: index < pages.length - 1 })),
  pageParams: pages.map((_, index) => index + 1),
});
const listKey = (search: string) => ['widgets', 'list', search] as const;

describe('a resource list cache', () => {
  test('lists the items of the loaded pages once each, in order, under the noun it was given', () => {
    expect(widgets.items(lists([w('a'), w('b')], [w('b'), w('c')]))).toEqual([w('a'), w('b'), w('c')]);
    expect(widgets.items(undefined)).toEqual([]);
  });

  test('replaces an item where it is, in every page that holds it, keeping the other pages and the page params', () => {
    const data = lists([w('a'), w('b')], [w('c')]);
    const next = widgets.replace(data, 'b', w('b', 'Bee'));
    expect(widgets.items(next)).toEqual([w('a'), w('b', 'Bee'), w('c')]);
    expect(next.pages[1]).toBe(data.pages[1]);
    expect(next.pageParams).toEqual([1, 2]);
  });

  test('takes an item out, and answers the very same list when the item is not there', () => {
    const data = lists([w('a'), w('b')], [w('c')]);
    expect(widgets.items(widgets.remove(data, 'a'))).toEqual([w('b'), w('c')]);
    expect(widgets.replace(data, 'a')).toEqual(widgets.remove(data, 'a'));
    expect(widgets.remove(data, 'zz')).toBe(data);
    expect(widgets.replace(data, 'zz', w('zz'))).toBe(data);
  });

  test('puts another page in place', () => {
    const data = lists([w('a')], [w('c')]);
    expect(widgets.items(widgets.withPage(data, 1, widgets.withItems(data.pages[1]!, [w('c'), w('d')])))).toEqual([w('a'), w('c'), w('d')]);
  });

  test('applies a change to every cached list with its search, sets only the lists that changed, and reads again a list of another shape', () => {
    const client = new QueryClient();
    const withA = lists([w('a'), w('b')]);
    const withoutA = lists([w('b')]);
    client.setQueryData(listKey(''), withA);
    client.setQueryData(listKey('b'), withoutA);
    client.setQueryData(listKey('odd'), { something: 'else' });
    const searches: string[] = [];

    widgets.updateLists(client, ['widgets', 'list'], (data, search) => {
      searches.push(search);
      return widgets.remove(data, 'a');
    });

    expect(searches.sort()).toEqual(['', 'b']);
    expect(widgets.items(client.getQueryData<WidgetLists>(listKey('')))).toEqual([w('b')]);
    expect(client.getQueryData(listKey('b'))).toBe(withoutA);
    expect(client.getQueryState(listKey('odd'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(listKey(''))?.isInvalidated).toBe(false);
  });
});

describe('the cached item of a resource', () => {
  test('is replaced when cached, left uncached otherwise, and dropped once deleted', () => {
    const client = new QueryClient();
    const one = (id: string) => ['widgets', 'one', id] as const;
    client.setQueryData(one('a'), w('a'));

    updateCachedItem(client, one('a'), w('a', 'Ay'));
    updateCachedItem(client, one('b'), w('b'));
    expect(client.getQueryData(one('a'))).toEqual(w('a', 'Ay'));
    expect(client.getQueryData(one('b'))).toBeUndefined();

    updateCachedItem(client, one('a'), undefined);
    expect(client.getQueryState(one('a'))).toBeUndefined();
  });
});

describe('a list read whole, after this client saved an item', () => {
  test('shows the saved item in its old place, or at the end when new, and leaves a list not read yet unread', () => {
    const client = new QueryClient();
    const key = ['widgets', 'all'] as const;
    client.setQueryData(key, [w('a'), w('b'), w('c')]);

    putSavedInList(client, key, w('b', 'Bee'));
    putSavedInList(client, key, w('d'));
    expect(client.getQueryData(key)).toEqual([w('a'), w('b', 'Bee'), w('c'), w('d')]);

    putSavedInList(client, ['widgets', 'unread'], w('e'));
    expect(client.getQueryData(['widgets', 'unread'])).toBeUndefined();
  });
});
