/**
 * /queue-integration (spec 3 §2 Queue integrations; plan flag `useIntegrations`, the Administration
 * section): the company's chatbot integrations (type logo, id, name), searched by name or type with
 * infinite scroll (components/ListPage), created and edited in the integration dialog, deleted after the
 * one confirmation (spec 3 §8). Changes made anywhere arrive live (`queueIntegration` events).
 */
import { Button, makeStyles, tokens, Tooltip } from '@fluentui/react-components';
import { Add24Regular } from '@fluentui/react-icons/svg/add';
import { Delete24Regular } from '@fluentui/react-icons/svg/delete';
import { Edit24Regular } from '@fluentui/react-icons/svg/edit';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import {
  applyQueueIntegrationEvent,
  deleteQueueIntegration,
  queueIntegrationPages,
  useQueueIntegrationEvents,
  useQueueIntegrationPages,
  type QueueIntegration,
} from '../api/queue-integrations';
import { listPageTexts } from '../components/list-page-texts';
import { listStateOf } from '../components/list-state';
import { ListPage } from '../components/ListPage';
import { ListTable, type ListColumn } from '../components/ListTable';
import { useConfirmedDelete } from '../components/use-confirmed-delete';
import { useListSearch } from '../components/use-list-search';
import { NARROW_SCREEN, useMediaQuery } from '../components/use-media-query';
import { useOpenedOnce } from '../components/use-opened-once';
import { format, useTexts } from '../i18n/texts';
import { useServices } from '../runtime/services';
import { IntegrationLogo } from './IntegrationLogo';
import { queueIntegrationsTexts } from './texts';
import { lazyComponent, usePreload } from '../components/lazy-component';

// The dialogs' code loads once the page has shown (usePreload), and they render from their first opening
// (use-opened-once.ts): the form's schema (and zod) stay out of the page's first load.
const QueueIntegrationDialog = lazyComponent(() => import('./QueueIntegrationDialog').then((m) => m.QueueIntegrationDialog));
const ConfirmDeleteDialog = lazyComponent(() => import('../components/ConfirmDeleteDialog').then((m) => m.ConfirmDeleteDialog));

const useStyles = makeStyles({
  type: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS, whiteSpace: 'nowrap' },
  id: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
  named: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS, minWidth: 0 },
  cut: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

type DialogState = { readonly mode: 'closed' } | { readonly mode: 'create' } | { readonly mode: 'edit'; readonly id: string };

export function QueueIntegrationsPage() {
  usePreload(QueueIntegrationDialog, ConfirmDeleteDialog);
  const styles = useStyles();
  const texts = useTexts(queueIntegrationsTexts);
  const { api } = useServices();
  const queryClient = useQueryClient();
  const { typed, setTyped, search } = useListSearch();
  const pages = useQueueIntegrationPages(search);
  useQueueIntegrationEvents();
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });

  const deletion = useConfirmedDelete({
    remove: (id: string) => deleteQueueIntegration(api, id),
    onDeleted: (id) => applyQueueIntegrationEvent(queryClient, { action: 'delete', id }),
    deletedText: texts.page.done,
  });

  const dialogShown = useOpenedOnce(dialog.mode !== 'closed');
  const deleteShown = useOpenedOnce(deletion.dialog.open);
  const integrations = queueIntegrationPages.items(pages.data);
  const narrow = useMediaQuery(NARROW_SCREEN);

  const columns: readonly ListColumn<QueueIntegration>[] = [
    {
      id: 'type',
      header: texts.table.type,
      narrow: 'hidden',
      width: 'content',
      cell: (integration) => (
        <span className={styles.type}>
          <IntegrationLogo type={integration.type} decorative />
          <span>{texts.types[integration.type]}</span>
        </span>
      ),
    },
    { id: 'id', header: texts.table.id, narrow: 'hidden', width: 'content', cell: (integration) => <span className={styles.id}>{integration.id}</span> },
    {
      id: 'name',
      header: texts.table.name,
      narrow: 'title',
      cell: (integration) => (
        <span className={styles.named}>
          {/* A card leaves the type column out: its logo comes with the name, named for screen readers. */}
          {narrow && <IntegrationLogo type={integration.type} small />}
          <span className={styles.cut} title={integration.name}>
            {integration.name}
          </span>
        </span>
      ),
    },
  ];

  return (
    <>
      <ListPage
        texts={listPageTexts(texts.page, search)}
        searchText={typed}
        onSearchTextChange={setTyped}
        list={listStateOf(pages, integrations.length)}
        add={{ label: texts.page.add, icon: <Add24Regular />, onClick: () => setDialog({ mode: 'create' }) }}
      >
        <ListTable
          label={texts.table.label}
          items={integrations}
          itemKey={(integration) => integration.id}
          columns={columns}
          actionsHeader={texts.table.actions}
          actions={(integration) => (
            <>
              <Tooltip content={format(texts.table.edit, { name: integration.name })} relationship="label">
                <Button appearance="subtle" icon={<Edit24Regular />} onClick={() => setDialog({ mode: 'edit', id: integration.id })} />
              </Tooltip>
              <Tooltip content={format(texts.table.delete, { name: integration.name })} relationship="label">
                <Button appearance="subtle" icon={<Delete24Regular />} onClick={() => deletion.ask(integration)} />
              </Tooltip>
            </>
          )}
        />
      </ListPage>
      <Suspense fallback={null}>
        {dialogShown && (
          <QueueIntegrationDialog
            open={dialog.mode !== 'closed'}
            {...(dialog.mode === 'edit' && { integrationId: dialog.id })}
            onClose={() => setDialog({ mode: 'closed' })}
          />
        )}
        {deleteShown && <ConfirmDeleteDialog {...deletion.dialog} />}
      </Suspense>
    </>
  );
}
