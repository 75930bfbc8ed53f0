/**
 * /campaign/{campaignId}/report (spec 2 §2 Campaign report, §4, §9; checklist O-060 to O-062, O-088):
 * the campaign's status with its delivered-of-valid counts, a progress bar (delivered of valid), cards
 * of valid contacts, delivered, connection, contact list, scheduled and completed time; then its
 * recipients (position, name, number, status, the reason one was skipped, when it was sent, its ack),
 * page by page as the list's end comes into view, and "Exportar CSV", which reads every page and
 * downloads them (shipping-csv.ts). Live through the `campaign` events (use-report-events.ts).
 */
import { Badge, Button, Field, makeStyles, ProgressBar, Spinner, Subtitle2, Text, Title3, tokens } from '@fluentui/react-components';
import { ArrowDownload24Regular } from '@fluentui/react-icons/svg/arrow-download';
import { ArrowLeft24Regular } from '@fluentui/react-icons/svg/arrow-left';
import { useMutation } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { fetchAllCampaignShipping, useCampaign, useCampaignShippingPages, type Campaign, type CampaignShipping } from '../api/campaigns';
import { downloadText } from '../components/download';
import { ListTable, type ListColumn } from '../components/ListTable';
import { RouterLink } from '../components/RouterLink';
import { LOAD_MORE_DISTANCE_PX } from '../components/timing';
import { useLoadMore } from '../components/use-load-more';
import { NARROW_SCREEN, useMediaQuery } from '../components/use-media-query';
import { useToast } from '../feedback/toast';
import { dateTimeLabel } from '../i18n/dates';
import { useLanguage } from '../i18n/language';
import { format, useTexts } from '../i18n/texts';
import { CAMPAIGNS_PAGE_PATH } from '../runtime/paths';
import { useServices } from '../runtime/services';
import { ackWord, campaignCellTexts, progressFigures, STATUS_COLORS } from './campaign-status';
import { shippingCsv, shippingCsvFileName } from './shipping-csv';
import { campaignsTexts } from './texts';
import { useReportEvents } from './use-report-events';
import { LoadErrorBar } from '../components/LoadErrorBar';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, minWidth: 0 },
  back: { display: 'flex' },
  title: { margin: 0, overflowWrap: 'anywhere' },
  summary: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    padding: tokens.spacingHorizontalL,
  },
  status: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: tokens.spacingHorizontalS, rowGap: tokens.spacingVerticalXS },
  counts: { fontVariantNumeric: 'tabular-nums' },
  cards: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
    gap: tokens.spacingHorizontalM,
    margin: 0,
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXXS,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    padding: tokens.spacingHorizontalM,
    minWidth: 0,
  },
  cardLabel: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  cardValue: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  recipientsHeader: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  list: {
    position: 'relative',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    padding: tokens.spacingHorizontalS,
    overflowX: 'auto',
  },
  state: { padding: tokens.spacingVerticalXXL, textAlign: 'center' },
  marker: { position: 'absolute', left: 0, bottom: 0, width: '1px', height: `${LOAD_MORE_DISTANCE_PX}px`, pointerEvents: 'none' },
  number: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
});

export function CampaignReportPage() {
  const styles = useStyles();
  const texts = useTexts(campaignsTexts);
  const { campaignId = '' } = useParams();
  const campaign = useCampaign(campaignId);
  useReportEvents(campaignId);

  return (
    <div className={styles.page}>
      <div className={styles.back}>
        <RouterLink to={CAMPAIGNS_PAGE_PATH}>
          <ArrowLeft24Regular aria-hidden /> {texts.report.back}
        </RouterLink>
      </div>
      {campaign.isPending && <Spinner label={texts.report.loading} />}
      {campaign.isError && campaign.data === undefined && (
        // A campaign that does not load (gone, another company's, a mistyped link) still says what the page is.
        <Title3 as="h1" className={styles.title}>
          {texts.report.title}
        </Title3>
      )}
      {campaign.isError && campaign.data === undefined && (
        <LoadErrorBar message={texts.report.loadError} retryLabel={texts.report.retry} onRetry={() => void campaign.refetch()} />
      )}
      {campaign.data !== undefined && <Report campaign={campaign.data} />}
    </div>
  );
}

function Report({ campaign }: { readonly campaign: Campaign }) {
  const styles = useStyles();
  const texts = useTexts(campaignsTexts);
  const { language } = useLanguage();
  const { api } = useServices();
  const toast = useToast();
  const dateText = (iso: string) => dateTimeLabel(new Date(iso), language);
  const figures = progressFigures(campaign.progress);
  const cells = campaignCellTexts(campaign, texts.none, dateText);

  const exporting = useMutation({
    mutationFn: () => fetchAllCampaignShipping(api, campaign.id),
    onSuccess: (rows) => {
      const file = shippingCsvFileName(texts.report.fileName, campaign.name);
      downloadText(shippingCsv(rows, texts.shipping, dateText), file, 'text/csv;charset=utf-8');
      toast.success(format(texts.report.exported, { file }));
    },
    onError: (error) => toast.error(error),
  });

  const cards: readonly { readonly label: string; readonly value: string }[] = [
    { label: texts.report.validContacts, value: String(figures.valid) },
    { label: texts.report.delivered, value: String(figures.delivered) },
    { label: texts.report.connection, value: cells.connection },
    { label: texts.report.contactList, value: cells.contactList },
    { label: texts.report.scheduledAt, value: cells.scheduledAt },
    { label: texts.report.completedAt, value: cells.completedAt },
  ];

  return (
    <>
      <Title3 as="h1" className={styles.title}>
        {campaign.name}
      </Title3>
      <section className={styles.summary} aria-label={texts.report.status}>
        <div className={styles.status}>
          <Text weight="semibold">{texts.report.status}:</Text>
          <Badge appearance="tint" color={STATUS_COLORS[campaign.status]}>
            {texts.status[campaign.status]}
          </Badge>
          <Text className={styles.counts}>{format(texts.report.counts, { delivered: figures.delivered, valid: figures.valid })}</Text>
        </div>
        <Field label={texts.report.progress} hint={format(texts.report.countsLabel, { delivered: figures.delivered, valid: figures.valid })}>
          <ProgressBar value={figures.fraction} max={1} thickness="large" color={campaign.status === 'FINALIZADA' ? 'success' : 'brand'} />
        </Field>
      </section>
      <dl className={styles.cards}>
        {cards.map((card) => (
          <div key={card.label} className={styles.card}>
            <dt className={styles.cardLabel}>{card.label}</dt>
            <dd className={styles.cardValue}>{card.value}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.recipientsHeader}>
        <Subtitle2 as="h2">{texts.report.recipients}</Subtitle2>
        <Button icon={<ArrowDownload24Regular />} disabled={exporting.isPending} onClick={() => exporting.mutate()}>
          {exporting.isPending ? texts.report.exporting : texts.report.exportCsv}
        </Button>
      </div>
      <Recipients campaignId={campaign.id} dateText={dateText} />
    </>
  );
}

function Recipients({ campaignId, dateText }: { readonly campaignId: string; readonly dateText: (iso: string) => string }) {
  const styles = useStyles();
  const texts = useTexts(campaignsTexts);
  const pages = useCampaignShippingPages(campaignId);
  const markerRef = useLoadMore({ canLoad: pages.hasNextPage && !pages.isFetchingNextPage, load: () => void pages.fetchNextPage() });
  const rows = (pages.data?.pages ?? []).flatMap((page) => page.shipping);
  const words = texts.shipping;
  // On a phone the columns are a card's lines, without their headers: a value says what it is.
  const narrow = useMediaQuery(NARROW_SCREEN);
  const named = (header: string, text: string) => (narrow && text !== '' ? `${header}: ${text}` : text);

  const columns: readonly ListColumn<CampaignShipping>[] = [
    { id: 'position', header: words.headers.position, narrow: 'detail', width: 'content', className: styles.number, cell: (row) => (narrow ? `#${row.position}` : row.position) },
    { id: 'name', header: words.headers.name, narrow: 'title', cell: (row) => row.name },
    { id: 'number', header: words.headers.number, narrow: 'detail', width: 'content', className: styles.number, cell: (row) => row.number },
    { id: 'status', header: words.headers.status, narrow: 'detail', width: 'content', cell: (row) => words.status[row.status] },
    { id: 'reason', header: words.headers.reason, narrow: 'detail', width: { min: '8rem' }, cell: (row) => (row.reason === null ? '' : words.reason[row.reason]) },
    {
      id: 'deliveredAt',
      header: words.headers.deliveredAt,
      narrow: 'detail',
      width: 'content',
      cell: (row) => named(words.headers.deliveredAt, row.deliveredAt === null ? '' : dateText(row.deliveredAt)),
    },
    { id: 'ack', header: words.headers.ack, narrow: 'detail', width: 'content', cell: (row) => (row.ack === null ? words.ack.none : named(words.headers.ack, words.ack[ackWord(row.ack)])) },
  ];

  return (
    <div className={styles.list}>
      {pages.isPending && <Spinner className={styles.state} label={texts.report.loadingRecipients} />}
      {pages.isError && pages.data === undefined && (
        <LoadErrorBar message={texts.report.recipientsError} retryLabel={texts.report.retry} onRetry={() => void pages.refetch()} />
      )}
      {pages.data !== undefined && rows.length === 0 && <p className={styles.state}>{texts.report.noRecipients}</p>}
      {rows.length > 0 && (
        <>
          <ListTable label={texts.report.recipients} items={rows} itemKey={(row) => String(row.position)} columns={columns} />
          {pages.hasNextPage && <div ref={markerRef} className={styles.marker} aria-hidden />}
          {pages.isFetchingNextPage && <Spinner size="small" label={texts.report.loadingMore} />}
        </>
      )}
    </div>
  );
}
