/**
 * /connections/{whatsappId}/templates (issue 32): the message templates of a Cloud API connection as
 * last synced from Meta: name, language, category, status (approved in green: only those can be sent)
 * and the body with its `{{n}}` placeholders; when they were synced, and for admins 'Sincronizar',
 * which reads them from Meta again (connections-page:actionButtons, the permission of the row's other
 * connection controls). Every user of the company may read it: the ticket's template dialog sends these.
 *
 * Opened from the connection's row; the back link leads there for those who may see that page.
 */
import { Badge, Button, Caption1, makeStyles, Spinner, Text, Title3, tokens } from '@fluentui/react-components';
import { ArrowLeft24Regular } from '@fluentui/react-icons/svg/arrow-left';
import { ArrowSync24Regular } from '@fluentui/react-icons/svg/arrow-sync';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { can } from '../../../shared/permissions';
import { useConnections } from '../api/connections';
import { rememberWhatsAppTemplates, syncWhatsAppTemplates, useWhatsAppTemplates, type WhatsAppTemplateDto } from '../api/whatsapp-templates';
import { ListTable, type ListColumn } from '../components/ListTable';
import { LoadErrorBar } from '../components/LoadErrorBar';
import { RouterLink } from '../components/RouterLink';
import { useToast } from '../feedback/toast';
import { dateTimeLabel } from '../i18n/dates';
import { useLanguage } from '../i18n/language';
import { format, useTexts } from '../i18n/texts';
import { CONNECTIONS_PATH } from '../runtime/paths';
import { useServices } from '../runtime/services';
import { useMe } from '../sign-in/me-context';
import { sortedTemplates, templateStatusColor } from './template-display';
import { TemplateBody } from './TemplateBody';
import { whatsappTemplatesTexts } from './texts';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, minWidth: 0 },
  back: { display: 'flex' },
  heading: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXXS, minWidth: 0 },
  title: { margin: 0, overflowWrap: 'anywhere' },
  connection: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalS,
  },
  synced: { color: tokens.colorNeutralForeground2 },
  list: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    padding: tokens.spacingHorizontalS,
    overflowX: 'auto',
  },
  state: { padding: tokens.spacingVerticalXXL, textAlign: 'center', margin: 0 },
  code: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
  nowrap: { whiteSpace: 'nowrap' },
});

export function TemplatesPage() {
  const styles = useStyles();
  const texts = useTexts(whatsappTemplatesTexts);
  const { language } = useLanguage();
  const { whatsappId = '' } = useParams();
  const { api } = useServices();
  const { user } = useMe();
  const toast = useToast();
  const queryClient = useQueryClient();

  const connection = useConnections().data?.find((candidate) => candidate.id === whatsappId);
  // A connection known not to be a cloud one has no templates to ask for.
  const notCloud = connection !== undefined && connection.provider !== 'cloud';
  const list = useWhatsAppTemplates(whatsappId, !notCloud);
  const canSync = can(user.profile, 'connections-page:actionButtons');

  const sync = useMutation({
    mutationFn: () => syncWhatsAppTemplates(api, whatsappId),
    onSuccess: (synced) => {
      rememberWhatsAppTemplates(queryClient, whatsappId, synced);
      toast.success(texts.page.synced);
    },
    // ERR_WAPP_CLOUD_API (Meta refused or did not answer) says to check the credentials.
    onError: (error) => toast.error(error),
  });

  const templates = sortedTemplates(list.data?.records ?? []);
  const syncedAt = list.data?.syncedAt ?? null;

  const columns: ListColumn<WhatsAppTemplateDto>[] = [
    { id: 'name', header: texts.table.name, narrow: 'title', cell: (template) => <span className={styles.code}>{template.name}</span> },
    { id: 'language', header: texts.table.language, narrow: 'detail', width: 'content', cell: (template) => template.language },
    { id: 'category', header: texts.table.category, narrow: 'detail', width: 'content', cell: (template) => texts.category[template.category] },
    {
      id: 'status',
      header: texts.table.status,
      narrow: 'detail',
      width: 'content',
      cell: (template) => (
        <Badge appearance="tint" color={templateStatusColor(template.status)} data-status={template.status}>
          {texts.status[template.status]}
        </Badge>
      ),
    },
    {
      id: 'body',
      header: texts.table.body,
      narrow: 'detail',
      width: { min: '16rem' },
      cell: (template) => <TemplateBody body={template.body} header={template.header} footer={template.footer} />,
    },
  ];

  return (
    <div className={styles.page}>
      {can(user.profile, 'drawer-admin-items:view') && (
        <div className={styles.back}>
          <RouterLink to={CONNECTIONS_PATH}>
            <ArrowLeft24Regular aria-hidden /> {texts.page.back}
          </RouterLink>
        </div>
      )}
      <div className={styles.heading}>
        <Title3 as="h1" className={styles.title}>
          {texts.page.title}
        </Title3>
        {connection !== undefined && <Text className={styles.connection}>{connection.name}</Text>}
      </div>

      {notCloud ? (
        <Text>{texts.page.notCloud}</Text>
      ) : (
        <>
          <div className={styles.bar}>
            <Caption1 className={styles.synced} role="status">
              {list.data === undefined
                ? ''
                : syncedAt === null
                  ? texts.page.neverSynced
                  : format(texts.page.syncedAt, { date: dateTimeLabel(new Date(syncedAt), language) })}
            </Caption1>
            {canSync && (
              <Button
                appearance="primary"
                icon={sync.isPending ? <Spinner size="extra-tiny" aria-hidden /> : <ArrowSync24Regular />}
                disabled={sync.isPending}
                onClick={() => sync.mutate()}
              >
                {sync.isPending ? texts.page.syncing : texts.page.sync}
              </Button>
            )}
          </div>
          <div className={styles.list}>
            {list.isPending && <Spinner className={styles.state} label={texts.page.loading} />}
            {list.isError && list.data === undefined && (
              <LoadErrorBar message={texts.page.loadError} retryLabel={texts.page.retry} onRetry={() => void list.refetch()} />
            )}
            {list.data !== undefined && templates.length === 0 && (
              <p className={styles.state}>
                {texts.page.empty}
                {canSync && (
                  <>
                    <br />
                    {texts.page.emptyHint}
                  </>
                )}
              </p>
            )}
            {templates.length > 0 && (
              <ListTable label={texts.table.label} items={templates} itemKey={(template) => template.id} columns={columns} />
            )}
          </div>
        </>
      )}
    </div>
  );
}
