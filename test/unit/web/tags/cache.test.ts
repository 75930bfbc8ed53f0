/** The cached tags follow a `tag` event (or this client's own save or delete) at once, then are read again. */
import { QueryClient } from '@tanstack/react-query';
import type { Tag } from '../../../../shared/tags';
import { tagKeys } from '../../../../web/src/api/tags';
import { applyTagEvent, applyToTagList, matchesTagSearch, tagsOfList, type TagListData } from '../../../../web/src/tags/tag-cache';

const tag = (id: string, name: string, overrides: Partial<Tag> = {}): Tag => ({
  id,
  name,
  color: '#0F6CBD',
  kanban: 0,
  userId: 'U1',
  ticketsCount: 0,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  ...overrides,
});

const list = (...pages: Tag[][]): TagListData => ({
  pages: pages.map((tags, index) => ({ tags, hasMore: index < pages.length - 1 })),
  pageParams: pages.map((_, index) => index + 1),
});

describe('applyToTagList', () => {
  const data = list([tag('A', 'Atacado'), tag('B', 'Bônus')], [tag('C', 'Cliente VIP')]);

  it('replaces a changed tag where it is, keeping the other tags and pages', () => {
    const next = applyToTagList(data, '', { action: 'update', tag: tag('C', 'Cliente VIP', { color: '#FF0000', ticketsCount: 2 }) });

    expect(tagsOfList(next).map((each) => [each.id, each.color])).toEqual([
      ['A', '#0F6CBD'],
      ['B', '#0F6CBD'],
      ['C', '#FF0000'],
    ]);
    expect(next.pages[0]).toBe(data.pages[0]);
  });

  it('takes a deleted tag out', () => {
    expect(tagsOfList(applyToTagList(data, '', { action: 'delete', tagId: 'B' })).map((each) => each.id)).toEqual(['A', 'C']);
  });

  it('takes out a tag renamed away from the search', () => {
    const searched = list([tag('B', 'Bônus')]);

    expect(tagsOfList(applyToTagList(searched, 'bon', { action: 'update', tag: tag('B', 'Prêmio') }))).toEqual([]);
  });

  it('answers the very same list when the tag is not in it, and leaves a new tag to the refetch', () => {
    expect(applyToTagList(data, '', { action: 'delete', tagId: 'Z' })).toBe(data);
    expect(applyToTagList(data, '', { action: 'update', tag: tag('Z', 'Zebra') })).toBe(data);
    expect(applyToTagList(data, '', { action: 'create', tag: tag('D', 'Devolução') })).toBe(data);
  });
});

describe('matchesTagSearch', () => {
  it('matches a part of the name, accents and case aside, as GET /tags does', () => {
    expect(matchesTagSearch({ name: 'Cliente VIP' }, 'vip')).toBe(true);
    expect(matchesTagSearch({ name: 'Bônus' }, 'BONU')).toBe(true);
    expect(matchesTagSearch({ name: 'Bônus' }, 'vip')).toBe(false);
    expect(matchesTagSearch({ name: 'Bônus' }, '')).toBe(true);
  });
});

describe('tagsOfList', () => {
  it('lists a tag once when pages read again overlap', () => {
    expect(tagsOfList(list([tag('A', 'A'), tag('B', 'B')], [tag('B', 'B'), tag('C', 'C')])).map((each) => each.id)).toEqual(['A', 'B', 'C']);
  });

  it('lists nothing before the first page', () => {
    expect(tagsOfList(undefined)).toEqual([]);
  });
});

describe('applyTagEvent', () => {
  it('updates every cached search at once and marks every tag query to be read again', () => {
    const client = new QueryClient();
    client.setQueryData(tagKeys.list(''), list([tag('A', 'Atacado')]));
    client.setQueryData(tagKeys.list('ata'), list([tag('A', 'Atacado')]));
    client.setQueryData(tagKeys.options, [{ id: 'A', name: 'Atacado', color: '#0F6CBD', kanban: 0 }]);

    applyTagEvent(client, { action: 'delete', tagId: 'A' });

    expect(tagsOfList(client.getQueryData<TagListData>(tagKeys.list('')))).toEqual([]);
    expect(tagsOfList(client.getQueryData<TagListData>(tagKeys.list('ata')))).toEqual([]);
    expect(client.getQueryState(tagKeys.options)?.isInvalidated).toBe(true);
    expect(client.getQueryState(tagKeys.list(''))?.isInvalidated).toBe(true);
    client.clear();
  });
});
