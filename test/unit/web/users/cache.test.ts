/** The cached users follow a `user` event (or this client's own save or delete) at once, then are read again. */
import { QueryClient } from '@tanstack/react-query';
import type { UserDto } from '../../../../shared/users';
import { userKeys } from '../../../../web/src/api/users';
import { applyToUserList, applyUserEvent, matchesUserSearch, usersOfList, type UserListData } from '../../../../web/src/users/user-cache';

const user = (id: string, name: string, overrides: Partial<UserDto> = {}): UserDto => ({
  id,
  name,
  email: `${id.toLowerCase()}@demo.test`,
  profile: 'user',
  super: false,
  allTicket: 'desabled',
  whatsappId: null,
  companyId: 'C1',
  queues: [],
  queueIds: [],
  online: false,
  company: { id: 'C1', name: 'Demo', email: 'admin@demo.test', dueDate: '2030-12-31', trialExpiration: null, settings: [] },
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  ...overrides,
});

const list = (...pages: UserDto[][]): UserListData => ({
  pages: pages.map((users, index) => ({ users, hasMore: index < pages.length - 1 })),
  pageParams: pages.map((_, index) => index + 1),
});

describe('applyToUserList', () => {
  const data = list([user('A', 'Ana'), user('B', 'Bruno')], [user('C', 'Carla')]);

  it('replaces a changed user where they are, keeping the other users and pages', () => {
    const next = applyToUserList(data, '', { action: 'update', user: user('C', 'Carla', { online: true, profile: 'admin' }) });

    expect(usersOfList(next).map((each) => [each.id, each.profile, each.online])).toEqual([
      ['A', 'user', false],
      ['B', 'user', false],
      ['C', 'admin', true],
    ]);
    expect(next.pages[0]).toBe(data.pages[0]);
  });

  it('takes a deleted user out', () => {
    expect(usersOfList(applyToUserList(data, '', { action: 'delete', userId: 'B' })).map((each) => each.id)).toEqual(['A', 'C']);
  });

  it('takes out a user renamed away from the search', () => {
    const searched = list([user('B', 'Bruno', { email: 'bruno@demo.test' })]);

    expect(usersOfList(applyToUserList(searched, 'bru', { action: 'update', user: user('B', 'Pedro', { email: 'pedro@demo.test' }) }))).toEqual([]);
  });

  it('answers the very same list when the user is not in it, and leaves a new user to the refetch', () => {
    expect(applyToUserList(data, '', { action: 'delete', userId: 'Z' })).toBe(data);
    expect(applyToUserList(data, '', { action: 'update', user: user('Z', 'Zé') })).toBe(data);
    expect(applyToUserList(data, '', { action: 'create', user: user('D', 'Davi') })).toBe(data);
  });
});

describe('matchesUserSearch', () => {
  it('finds a user by name or email, ignoring case and accents, as GET /users does', () => {
    const joao = user('J', 'João Grão', { email: 'joao@vendas.test' });

    expect(matchesUserSearch(joao, 'JOAO')).toBe(true);
    expect(matchesUserSearch(joao, 'vendas')).toBe(true);
    expect(matchesUserSearch(joao, '')).toBe(true);
    expect(matchesUserSearch(joao, 'maria')).toBe(false);
  });
});

describe('usersOfList', () => {
  it('lists a user who sits on two pages while they are read again only once', () => {
    expect(usersOfList(list([user('A', 'Ana'), user('B', 'Bruno')], [user('B', 'Bruno'), user('C', 'Carla')])).map((each) => each.id)).toEqual([
      'A',
      'B',
      'C',
    ]);
  });
});

describe('applyUserEvent', () => {
  it('changes every cached search at once and marks every user query (the pickers too) to be read again', () => {
    const client = new QueryClient();
    client.setQueryData(userKeys.list(''), list([user('A', 'Ana'), user('B', 'Bruno')]));
    client.setQueryData(userKeys.list('ana'), list([user('A', 'Ana')]));
    client.setQueryData(userKeys.options, [{ id: 'A', name: 'Ana' }]);

    applyUserEvent(client, { action: 'delete', userId: 'A' });

    expect(usersOfList(client.getQueryData<UserListData>(userKeys.list(''))).map((each) => each.id)).toEqual(['B']);
    expect(usersOfList(client.getQueryData<UserListData>(userKeys.list('ana')))).toEqual([]);
    expect(client.getQueryState(userKeys.options)?.isInvalidated).toBe(true);
  });
});
