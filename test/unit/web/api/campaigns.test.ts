/**
 * The campaigns' API module (web/src/api/campaigns.ts): its paths and keys, the `campaign` events
 * applied to the cached lists and campaign (spec 2 §4, checklist O-094), and the CSV's walk over every
 * page of the recipients.
 */
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Campaign, CampaignPage, CampaignShipping } from '../../../../shared/campaigns';
import {
  applyCampaignEvent,
  campaignKeys,
  campaignMediaPath,
  campaignPages,
  campaignPath,
  campaignShippingPath,
  fetchAllCampaignShipping,
} from '../../../../web/src/api/campaigns';
import type { ApiClient } from '../../../../web/src/api/client';
import { queryKeys } from '../../../../web/src/api/query-keys';

const campaign = (id: string, overrides: Partial<Campaign> = {}): Campaign =>
  ({ id, name: id, status: 'INATIVA', progress: { recipients: 0, delivered: 0, skipped: 0 }, ...overrides }) as Campaign;
const pages = (...records: Campaign[][]): InfiniteData<CampaignPage, number> => ({
  pages: records.map((items, index) => ({ records: items, hasMore: index < records.length - 1 })),
  pageParams: records.map((_, index) => index + 1),
});

describe('the campaigns API module', () => {
  test('encodes the ids it puts in paths', () => {
    expect(campaignPath('a/b')).toBe('/campaigns/a%2Fb');
    expect(campaignMediaPath('C1')).toBe('/campaigns/C1/media-upload');
    expect(campaignShippingPath('C1')).toBe('/campaigns/C1/shipping');
  });

  test('keeps every key under its root, gathered in queryKeys', () => {
    expect(queryKeys.campaigns).toBe(campaignKeys);
    for (const key of [campaignKeys.list('x'), campaignKeys.one('C1'), campaignKeys.shipping('C1')]) {
      expect(key.slice(0, 1)).toEqual([...campaignKeys.all]);
    }
    expect(campaignKeys.list('x').slice(0, 2)).toEqual([...campaignKeys.lists]);
  });
});

describe('applyCampaignEvent', () => {
  test('puts a changed campaign in its place in every list and in its cached copy', () => {
    const client = new QueryClient();
    client.setQueryData(campaignKeys.list(''), pages([campaign('A'), campaign('B')], [campaign('C')]));
    client.setQueryData(campaignKeys.one('B'), campaign('B'));
    const running = campaign('B', { status: 'EM_ANDAMENTO', progress: { recipients: 2, delivered: 1, skipped: 0 } });

    applyCampaignEvent(client, { action: 'update', record: running });

    expect(campaignPages.items(client.getQueryData(campaignKeys.list(''))).map((item) => [item.id, item.status])).toEqual([
      ['A', 'INATIVA'],
      ['B', 'EM_ANDAMENTO'],
      ['C', 'INATIVA'],
    ]);
    expect(client.getQueryData(campaignKeys.one('B'))).toEqual(running);
  });

  test('takes a deleted campaign out at once, and reads the lists again for a new one', () => {
    const client = new QueryClient();
    client.setQueryData(campaignKeys.list(''), pages([campaign('A'), campaign('B')]));
    client.setQueryData(campaignKeys.one('A'), campaign('A'));

    applyCampaignEvent(client, { action: 'delete', id: 'A' });
    expect(campaignPages.items(client.getQueryData(campaignKeys.list(''))).map((item) => item.id)).toEqual(['B']);
    expect(client.getQueryData(campaignKeys.one('A'))).toBeUndefined();

    applyCampaignEvent(client, { action: 'create', record: campaign('N') });
    expect(client.getQueryState(campaignKeys.list(''))?.isInvalidated).toBe(true);
  });
});

describe('fetchAllCampaignShipping', () => {
  test('walks the pages by their cursors to the last one', async () => {
    const row = (position: number) => ({ position }) as CampaignShipping;
    const asked: unknown[] = [];
    const api = {
      get: async (path: string, options: { query: { cursor?: string; limit: number } }) => {
        asked.push([path, options.query.cursor, options.query.limit]);
        return options.query.cursor === undefined ? { shipping: [row(1), row(2)], cursor: '2' } : { shipping: [row(3)], cursor: null };
      },
    } as unknown as ApiClient;

    expect((await fetchAllCampaignShipping(api, 'C1')).map((item) => item.position)).toEqual([1, 2, 3]);
    expect(asked).toEqual([
      ['/campaigns/C1/shipping', undefined, 500],
      ['/campaigns/C1/shipping', '2', 500],
    ]);
  });
});
