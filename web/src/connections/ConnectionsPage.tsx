/**
 * The connections page (/connections; spec 2 §2 Connections, §7, §8; checklist O-001 to O-007,
 * C-162 to C-164, C-210, C-211), on the admin-page kit: the company's connections with their live
 * status, the session buttons of each status, the QR code dialog (and linking by phone number), the
 * connection form, delete with the one confirmation, and the API token shown once after a creation or
 * a rotation. The add button, the session buttons and edit/delete are the admin's
 * (connections-page:*); everyone else reads.
 *
 * Live: the list is the shell's cached GET /whatsapp (api/connections.ts), kept current by the
 * `whatsapp` and `whatsappSession` events, so this page and the menu's alert badge always agree. The
 * company has few connections (its plan bounds them), so the list is one request and the name filter
 * runs in the browser.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Add24Regular } from '@fluentui/react-icons/svg/add';
import { Spinner } from '@fluentui/react-components';
import { Suspense, useCallback, useState } from 'react';
import { can } from '../../../shared/permissions';
import {
  applyConnectionEventToCache,
  controlSession,
  deleteConnection,
  rotateConnectionToken,
  useConnectionEvents,
  useConnections,
  type ConnectionDto,
  type SessionRequest,
} from '../api/connections';
import { useServices } from '../runtime/services';
import { ConfirmDeleteDialog } from '../components/ConfirmDeleteDialog';
import { listPageTexts } from '../components/list-page-texts';
import { FormDialog } from '../components/FormDialog';
import { ListPage } from '../components/ListPage';
import { useConfirmedDelete } from '../components/use-confirmed-delete';
import { useToast } from '../feedback/toast';
import { useTexts } from '../i18n/texts';
import { useMe } from '../sign-in/me-context';
import { ConfirmRotateTokenDialog } from './ConfirmRotateTokenDialog';
import { ConnectionsTable } from './ConnectionsTable';
import { filterConnections } from './filter-connections';
import { QrCodeDialog } from './QrCodeDialog';
import { connectionsTexts } from './texts';
import { TokenDialog, type ShownToken } from './TokenDialog';
import { lazyComponent, usePreload } from '../components/lazy-component';

/**
 * The form and its validation (the server's zod schemas) load once the page has shown (usePreload), not
 * with the page: the table is what an admin comes for, and the page's first load stays small.
 */
const ConnectionForm = lazyComponent(() => import('./ConnectionForm').then((m) => m.ConnectionForm));

/** The form dialog: closed, creating, or editing one connection (as it was when opened). */
type FormState = { readonly mode: 'closed' } | { readonly mode: 'create' } | { readonly mode: 'edit'; readonly connection: ConnectionDto };

export function ConnectionsPage() {
  usePreload(ConnectionForm);
  const texts = useTexts(connectionsTexts);
  const { api, config } = useServices();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { user } = useMe();

  const list = useConnections();
  useConnectionEvents();

  const [filter, setFilter] = useState('');
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [qrFor, setQrFor] = useState<string>();
  const [token, setToken] = useState<ShownToken>();
  const [rotating, setRotating] = useState<ConnectionDto>();

  const connections = list.data ?? [];
  const shown = filterConnections(connections, filter);

  const session = useMutation({
    mutationFn: ({ connection, request }: { connection: ConnectionDto; request: SessionRequest }) => controlSession(api, connection.id, request),
    onSuccess: (saved) => applyConnectionEventToCache(queryClient, { action: 'update', session: saved }),
    onError: (error) => toast.error(error),
  });

  const rotate = useMutation({
    mutationFn: (connection: ConnectionDto) => rotateConnectionToken(api, connection.id),
    onSuccess: (rotated) => {
      setRotating(undefined);
      setToken({ token: rotated.token });
      toast.success(texts.token.rotated);
    },
    onError: (error) => {
      setRotating(undefined);
      toast.error(error);
    },
  });

  // ERR_NO_OTHER_WHATSAPP (the default while others exist) and the rest: their catalogue toast.
  const deletion = useConfirmedDelete({
    remove: (whatsappId: string) => deleteConnection(api, whatsappId),
    onDeleted: (whatsappId) => {
    applyConnectionEventToCache(queryClient, { action: 'delete', whatsappId });
    },
    deletedText: texts.page.deleted,
  });

  const closeForm = () => setForm({ mode: 'closed' });
  const closeQr = useCallback(() => setQrFor(undefined), []);

  return (
    <>
      <ListPage
        texts={listPageTexts(texts.page, filter.trim())}
        searchText={filter}
        onSearchTextChange={setFilter}
        list={{
          pending: list.isPending,
          failed: list.isError && list.data === undefined,
          empty: list.data !== undefined && shown.length === 0,
          filled: shown.length > 0,
          hasMore: false,
          loadingMore: false,
          loadMore: () => undefined,
          retry: () => void list.refetch(),
        }}
        {...(can(user.profile, 'connections-page:addConnection') && {
          add: { label: texts.page.add, icon: <Add24Regular />, onClick: () => setForm({ mode: 'create' }) },
        })}
      >
        <ConnectionsTable
          connections={shown}
          canControlSessions={can(user.profile, 'connections-page:actionButtons')}
          canEdit={can(user.profile, 'connections-page:editOrDeleteConnection')}
          busyId={session.isPending ? session.variables.connection.id : undefined}
          onShowQr={(connection) => setQrFor(connection.id)}
          onSession={(connection, request) => session.mutate({ connection, request })}
          onEdit={(connection) => setForm({ mode: 'edit', connection })}
          onRotateToken={setRotating}
          onDelete={deletion.ask}
        />
      </ListPage>

      <FormDialog open={form.mode !== 'closed'} onClose={closeForm}>
        {form.mode !== 'closed' && (
          <Suspense fallback={<Spinner label={texts.page.loading} />}>
            <ConnectionForm
              {...(form.mode === 'edit' && { editing: form.connection })}
              first={connections.length === 0}
              offersSimulator={config.simulatorEnabled === true}
              onCancel={closeForm}
              onCreated={(created) => {
                closeForm();
                // A new cloud connection's webhook goes in Meta's app next: shown with the token.
                setToken({
                  token: created.token,
                  ...(created.provider === 'cloud' && {
                    webhook: { webhookUrl: created.webhookUrl, webhookVerifyToken: created.webhookVerifyToken },
                  }),
                });
              }}
              onUpdated={closeForm}
            />
          </Suspense>
        )}
      </FormDialog>
      {qrFor !== undefined && <QrCodeDialog connection={connections.find((connection) => connection.id === qrFor)} onClose={closeQr} />}
      <ConfirmDeleteDialog {...deletion.dialog} />
      <ConfirmRotateTokenDialog
        name={rotating?.name}
        busy={rotate.isPending}
        onConfirm={() => rotating !== undefined && rotate.mutate(rotating)}
        onCancel={() => setRotating(undefined)}
      />
      <TokenDialog shown={token} onClose={() => setToken(undefined)} />
    </>
  );
}
