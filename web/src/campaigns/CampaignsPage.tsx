/**
 * /campaigns (spec 2 §2 Campaigns list, §4, §8; checklist O-045 to O-051, O-084, O-094, O-148, O-149):
 * the company's campaigns with their name, status, contact list ('Não definida'), connection ('Não
 * definido'), scheduled time ('Sem agendamento') and completed time ('Não concluída'); stop while one
 * runs, restart once cancelled (a refusal shows its error), the report, edit in the dialog, delete
 * after the one confirmation; search and infinite scroll (components/ListPage). Live through the
 * company's `campaign` events.
 *
 * The page's first load holds types from shared/ only: the dialog, with the form's schema and zod,
 * and the confirmation load once the page has shown (usePreload) and render from their first opening
 * (use-opened-once.ts).
 */
import { Badge, Button, makeStyles, Tooltip } from '@fluentui/react-components';
import { Add24Regular } from '@fluentui/react-icons/svg/add';
import { ArrowClockwise24Regular } from '@fluentui/react-icons/svg/arrow-clockwise';
import { DataHistogram24Regular } from '@fluentui/react-icons/svg/data-histogram';
import { Delete24Regular } from '@fluentui/react-icons/svg/delete';
import { Edit24Regular } from '@fluentui/react-icons/svg/edit';
import { RecordStop24Regular } from '@fluentui/react-icons/svg/record-stop';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';
import { applyCampaignEvent, campaignPages, deleteCampaign, useCampaignEvents, useCampaignPages, type Campaign } from '../api/campaigns';
import { listPageTexts } from '../components/list-page-texts';
import { listStateOf } from '../components/list-state';
import { ListPage } from '../components/ListPage';
import { ListTable, type ListColumn } from '../components/ListTable';
import { useConfirmedDelete } from '../components/use-confirmed-delete';
import { useListSearch } from '../components/use-list-search';
import { NARROW_SCREEN, useMediaQuery } from '../components/use-media-query';
import { useOpenedOnce } from '../components/use-opened-once';
import { dateTimeLabel } from '../i18n/dates';
import { useLanguage } from '../i18n/language';
import { format, useTexts } from '../i18n/texts';
import { campaignReportPath } from '../runtime/paths';
import { useServices } from '../runtime/services';
import type { CampaignDialogState } from './CampaignDialog';
import { campaignCellTexts, canRestartCampaign, canStopCampaign, STATUS_COLORS } from './campaign-status';
import { campaignsTexts } from './texts';
import { useCampaignControls } from './use-campaign-controls';
import { lazyComponent, usePreload } from '../components/lazy-component';

const CampaignDialog = lazyComponent(() => import('./CampaignDialog').then((m) => m.CampaignDialog));
const ConfirmDeleteDialog = lazyComponent(() => import('../components/ConfirmDeleteDialog').then((m) => m.ConfirmDeleteDialog));

const useStyles = makeStyles({
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'block' },
  status: { whiteSpace: 'nowrap' },
});

export function CampaignsPage() {
  usePreload(CampaignDialog, ConfirmDeleteDialog);
  const styles = useStyles();
  const texts = useTexts(campaignsTexts);
  const { language } = useLanguage();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const { typed, setTyped, search } = useListSearch();
  const pages = useCampaignPages(search);
  useCampaignEvents();
  const controls = useCampaignControls();
  const [dialog, setDialog] = useState<CampaignDialogState>({ mode: 'closed' });

  const deletion = useConfirmedDelete({
    remove: (id: string) => deleteCampaign(api, id),
    onDeleted: (id) => applyCampaignEvent(queryClient, { action: 'delete', id }),
    deletedText: texts.page.done,
  });
  const dialogShown = useOpenedOnce(dialog.mode !== 'closed');
  const deleteShown = useOpenedOnce(deletion.dialog.open);

  const campaigns = campaignPages.items(pages.data);
  const cells = (campaign: Campaign) => campaignCellTexts(campaign, texts.none, (iso) => dateTimeLabel(new Date(iso), language));
  // On a phone the columns are a card's lines, without their headers: a value says what it is (a placeholder says it already).
  const narrow = useMediaQuery(NARROW_SCREEN);
  const named = (header: string, text: string, isSet: boolean) => (narrow && isSet ? `${header}: ${text}` : text);

  const columns: readonly ListColumn<Campaign>[] = [
    { id: 'name', header: texts.table.name, narrow: 'title', cell: (campaign) => <span className={styles.name}>{campaign.name}</span> },
    {
      id: 'status',
      header: texts.table.status,
      narrow: 'detail',
      width: 'content',
      cell: (campaign) => (
        <Badge className={styles.status} appearance="tint" color={STATUS_COLORS[campaign.status]}>
          {texts.status[campaign.status]}
        </Badge>
      ),
    },
    { id: 'contactList', header: texts.table.contactList, narrow: 'detail', width: { min: '8rem' }, cell: (campaign) => named(texts.table.contactList, cells(campaign).contactList, campaign.contactList !== null) },
    { id: 'connection', header: texts.table.connection, narrow: 'detail', width: { min: '7rem' }, cell: (campaign) => named(texts.table.connection, cells(campaign).connection, campaign.whatsapp !== null) },
    { id: 'scheduledAt', header: texts.table.scheduledAt, narrow: 'detail', width: 'content', cell: (campaign) => named(texts.table.scheduledAt, cells(campaign).scheduledAt, campaign.scheduledAt !== null) },
    { id: 'completedAt', header: texts.table.completedAt, narrow: 'detail', width: 'content', cell: (campaign) => named(texts.table.completedAt, cells(campaign).completedAt, campaign.completedAt !== null) },
  ];

  return (
    <>
      <ListPage
        texts={listPageTexts(texts.page, search)}
        searchText={typed}
        onSearchTextChange={setTyped}
        list={listStateOf(pages, campaigns.length)}
        add={{ label: texts.page.add, icon: <Add24Regular />, onClick: () => setDialog({ mode: 'create' }) }}
      >
        <ListTable
          label={texts.page.title}
          items={campaigns}
          itemKey={(campaign) => campaign.id}
          columns={columns}
          actionsHeader={texts.table.actions}
          actions={(campaign) => (
            <>
              {canStopCampaign(campaign) && (
                <Tooltip content={format(texts.table.stop, { name: campaign.name })} relationship="label">
                  <Button
                    appearance="subtle"
                    icon={<RecordStop24Regular />}
                    disabled={controls.busyId === campaign.id}
                    onClick={() => controls.run(campaign.id, 'stop')}
                  />
                </Tooltip>
              )}
              {canRestartCampaign(campaign) && (
                <Tooltip content={format(texts.table.restart, { name: campaign.name })} relationship="label">
                  <Button
                    appearance="subtle"
                    icon={<ArrowClockwise24Regular />}
                    disabled={controls.busyId === campaign.id}
                    onClick={() => controls.run(campaign.id, 'restart')}
                  />
                </Tooltip>
              )}
              <ReportButton campaignId={campaign.id} label={format(texts.table.report, { name: campaign.name })} />
              <Tooltip content={format(texts.table.edit, { name: campaign.name })} relationship="label">
                <Button appearance="subtle" icon={<Edit24Regular />} onClick={() => setDialog({ mode: 'edit', id: campaign.id })} />
              </Tooltip>
              <Tooltip content={format(texts.table.delete, { name: campaign.name })} relationship="label">
                <Button appearance="subtle" icon={<Delete24Regular />} onClick={() => deletion.ask(campaign)} />
              </Tooltip>
            </>
          )}
        />
      </ListPage>
      <Suspense fallback={null}>
        {dialogShown && <CampaignDialog state={dialog} onClose={() => setDialog({ mode: 'closed' })} />}
        {deleteShown && <ConfirmDeleteDialog {...deletion.dialog} />}
      </Suspense>
    </>
  );
}

/** The report's button: a real link (a new tab with the browser's own gestures), followed inside the app on a plain click. */
function ReportButton({ campaignId, label }: { readonly campaignId: string; readonly label: string }) {
  const to = campaignReportPath(campaignId);
  const href = useHref(to);
  const onClick = useLinkClickHandler(to);
  return (
    <Tooltip content={label} relationship="label">
      <Button appearance="subtle" icon={<DataHistogram24Regular />} as="a" href={href} onClick={onClick} />
    </Tooltip>
  );
}
