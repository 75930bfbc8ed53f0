import { QueryClient } from '@tanstack/react-query';
import type { ContactDto, ContactPage } from '../../../../shared/contacts';
import { queryKeys } from '../../../../web/src/api/query-keys';
import {
  applyContactEvent,
  applyToList,
  matchesSearch,
  removeFromList,
  upsertIntoList,
  type ContactListData,
} from '../../../../web/src/contacts/contact-cache';

const contact = (id: string, name: string, number = `55119${id.padStart(8, '0')}`): ContactDto => ({
  id,
  name,
  number,
  email: '',
  extraInfo: [],
  profilePicUrl: null,
  isGroup: false,
  whatsapp: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

const page = (contacts: ContactDto[], hasMore: boolean): ContactPage => ({
  contacts,
  hasMore,
  count: 10,
  nextCursor: hasMore ? 'cursor' : null,
});

const list = (...pages: ContactPage[]): ContactListData => ({
  pages,
  pageParams: pages.map((_, index) => (index === 0 ? null : `cursor-${index}`)),
});

const names = (data: ContactListData) => data.pages.map((p) => p.contacts.map((c) => c.name));

describe('matchesSearch', () => {
  test('matches a name prefix regardless of accents and case', () => {
    expect(matchesSearch(contact('1', 'João Silva'), 'joa')).toBe(true);
    expect(matchesSearch(contact('1', 'João Silva'), 'silva')).toBe(false);
  });

  test('matches the leading digits of the number when the term has no letters', () => {
    expect(matchesSearch(contact('1', 'Ana', '5511999990000'), '+55 (11) 9')).toBe(true);
    expect(matchesSearch(contact('1', 'Ana', '5511999990000'), '11')).toBe(false);
  });

  test('matches every contact with an empty term', () => {
    expect(matchesSearch(contact('1', 'Zé'), '')).toBe(true);
  });
});

describe('upsertIntoList', () => {
  test('puts a new contact in its place by name', () => {
    // Prepare
    const data = list(page([contact('1', 'Ana'), contact('2', 'Carla')], false));

    // Act
    const next = upsertIntoList(data, '', contact('3', 'Bruno'));

    // Assess
    expect(names(next)).toEqual([['Ana', 'Bruno', 'Carla']]);
  });

  test('orders names as the server folds them, accents and case aside', () => {
    const data = list(page([contact('1', 'ana'), contact('2', 'Carla')], false));

    const next = upsertIntoList(data, '', contact('3', 'Ábel'));

    expect(names(next)).toEqual([['Ábel', 'ana', 'Carla']]);
  });

  test('moves a renamed contact instead of keeping two copies', () => {
    const data = list(page([contact('1', 'Ana'), contact('2', 'Carla')], false));

    const next = upsertIntoList(data, '', contact('1', 'Dora'));

    expect(names(next)).toEqual([['Carla', 'Dora']]);
  });

  test('is idempotent: the save answer and its realtime event leave one copy', () => {
    const data = list(page([contact('1', 'Ana')], false));
    const created = contact('2', 'Bia');

    const next = upsertIntoList(upsertIntoList(data, '', created), '', created);

    expect(names(next)).toEqual([['Ana', 'Bia']]);
  });

  test('appends after the last contact when every page is loaded', () => {
    const data = list(page([contact('1', 'Ana')], false));

    const next = upsertIntoList(data, '', contact('2', 'Zeca'));

    expect(names(next)).toEqual([['Ana', 'Zeca']]);
  });

  test('leaves out a contact that sorts after the loaded pages while more exist', () => {
    const data = list(page([contact('1', 'Ana')], true));

    const next = upsertIntoList(data, '', contact('2', 'Zeca'));

    expect(next).toBe(data);
  });

  test('places a contact inside a later loaded page', () => {
    const data = list(page([contact('1', 'Ana'), contact('2', 'Bia')], true), page([contact('3', 'Duda')], false));

    const next = upsertIntoList(data, '', contact('4', 'Caio'));

    expect(names(next)).toEqual([['Ana', 'Bia'], ['Caio', 'Duda']]);
  });

  test('takes out a contact that no longer matches the search', () => {
    const data = list(page([contact('1', 'Ana'), contact('2', 'Andre')], false));

    const next = upsertIntoList(data, 'an', contact('1', 'Beatriz'));

    expect(names(next)).toEqual([['Andre']]);
  });

  test('orders a number search by number', () => {
    const data = list(page([contact('1', 'Zeca', '5511911110000'), contact('2', 'Ana', '5511933330000')], false));

    const next = upsertIntoList(data, '55119', contact('3', 'Bia', '5511922220000'));

    expect(names(next)).toEqual([['Zeca', 'Bia', 'Ana']]);
  });
});

describe('removeFromList', () => {
  test('takes the contact out of whichever page holds it', () => {
    const data = list(page([contact('1', 'Ana')], true), page([contact('2', 'Bia')], false));

    const next = removeFromList(data, '2');

    expect(names(next)).toEqual([['Ana'], []]);
  });

  test('answers the same object when the contact is not listed', () => {
    const data = list(page([contact('1', 'Ana')], false));

    expect(removeFromList(data, 'x')).toBe(data);
  });
});

describe('applyToList', () => {
  test('removes a deleted contact', () => {
    const data = list(page([contact('1', 'Ana'), contact('2', 'Bia')], false));

    const next = applyToList(data, '', { action: 'delete', contactId: '1' });

    expect(names(next)).toEqual([['Bia']]);
  });
});

describe('applyContactEvent', () => {
  test('updates every cached list with its own search', () => {
    // Prepare
    const client = new QueryClient();
    client.setQueryData(queryKeys.contacts.list(''), list(page([contact('1', 'Ana')], false)));
    client.setQueryData(queryKeys.contacts.list('b'), list(page([], false)));

    // Act
    applyContactEvent(client, { action: 'create', contact: contact('2', 'Bia') });

    // Assess
    expect(names(client.getQueryData<ContactListData>(queryKeys.contacts.list(''))!)).toEqual([['Ana', 'Bia']]);
    expect(names(client.getQueryData<ContactListData>(queryKeys.contacts.list('b'))!)).toEqual([['Bia']]);
  });

  test('replaces a cached contact that was updated', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.contacts.one('1'), contact('1', 'Ana'));

    applyContactEvent(client, { action: 'update', contact: contact('1', 'Ana Maria') });

    expect(client.getQueryData<ContactDto>(queryKeys.contacts.one('1'))?.name).toBe('Ana Maria');
  });

  test('forgets a deleted contact', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.contacts.one('1'), contact('1', 'Ana'));

    applyContactEvent(client, { action: 'delete', contactId: '1' });

    expect(client.getQueryData(queryKeys.contacts.one('1'))).toBeUndefined();
  });

  test('marks every contact query stale on reload (an import)', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.contacts.list(''), list(page([], false)));

    applyContactEvent(client, { action: 'reload' });

    expect(client.getQueryState(queryKeys.contacts.list(''))?.isInvalidated).toBe(true);
  });

  test('marks a list cached in another shape stale instead of editing it', () => {
    const client = new QueryClient();
    const other = page([contact('1', 'Ana')], false);
    client.setQueryData(queryKeys.contacts.list('a'), other);

    applyContactEvent(client, { action: 'delete', contactId: '1' });

    expect(client.getQueryData(queryKeys.contacts.list('a'))).toBe(other);
    expect(client.getQueryState(queryKeys.contacts.list('a'))?.isInvalidated).toBe(true);
  });
});
