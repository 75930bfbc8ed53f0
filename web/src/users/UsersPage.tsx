/**
 * The users page (/users, admins; spec 3 §2 Users), on the admin-page kit: search by name or email, the
 * list with infinite scroll while GET /users has more pages (components/ListPage), create and edit in
 * the user dialog, delete with the one confirmation. Changes made anywhere arrive live (`user` events).
 * Admins only: the side menu shows it to them, and the page gate (app/page-access.ts) shows anybody
 * else who opens its address that it is for administrators (the server refuses their calls anyway,
 * docs/architecture.md §1.3).
 */
import { PersonAdd24Regular } from '@fluentui/react-icons/svg/person-add';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deleteUser, useUserList } from '../api/users';
import { useServices } from '../runtime/services';
import { ConfirmDeleteDialog } from '../components/ConfirmDeleteDialog';
import { listPageTexts } from '../components/list-page-texts';
import { listStateOf } from '../components/list-state';
import { ListPage } from '../components/ListPage';
import { useConfirmedDelete } from '../components/use-confirmed-delete';
import { useListSearch } from '../components/use-list-search';
import { useTexts } from '../i18n/texts';
import { useMe } from '../sign-in/me-context';
import { usersTexts } from './texts';
import { applyUserEvent, usersOfList } from './user-cache';
import { UserDialog, type UserDialogTarget } from './UserDialog';
import { UsersTable } from './UsersTable';
import { useUserEvents } from './use-user-events';

export function UsersPage() {
  const texts = useTexts(usersTexts);
  const { api } = useServices();
  const queryClient = useQueryClient();
  const { user: me } = useMe();

  const { typed, setTyped, search } = useListSearch();
  const list = useUserList(search);
  useUserEvents();

  const [dialog, setDialog] = useState<UserDialogTarget | undefined>();

  const deletion = useConfirmedDelete({
    remove: (userId: string) => deleteUser(api, userId),
    onDeleted: (userId) => {
    applyUserEvent(queryClient, { action: 'delete', userId });
    },
    deletedText: texts.page.deleted,
  });

  const users = usersOfList(list.data);

  return (
    <>
      <ListPage
        texts={listPageTexts(texts.page, search)}
        searchText={typed}
        onSearchTextChange={setTyped}
        list={listStateOf(list, users.length)}
        add={{ label: texts.page.add, icon: <PersonAdd24Regular />, onClick: () => setDialog({ mode: 'create' }) }}
      >
        <UsersTable
          users={users}
          meId={me.id}
          meSuper={me.super}
          onEdit={(user) => setDialog({ mode: 'edit', user })}
          onDelete={deletion.ask}
        />
      </ListPage>

      <UserDialog open={dialog !== undefined} target={dialog ?? { mode: 'create' }} onClose={() => setDialog(undefined)} />
      <ConfirmDeleteDialog {...deletion.dialog} />
    </>
  );
}
