/**
 * /prompts (spec 3 §2 AI prompts; plan flag `useOpenAi`, the Administration section): the company's AI
 * prompts (name, queue with its colour, max tokens), searched by name on the loaded list (GET /prompt
 * answers them whole), created and edited in the prompt dialog, deleted after the one confirmation with
 * the message the API answers (spec 3 §7). Above the table, the month's AI tokens against the plan's cap,
 * as a line and a meter. Changes made anywhere arrive live (`prompt` events); a queue's name and colour are
 * read from the live queues, so a renamed queue shows at once.
 */
import { Button, makeStyles, mergeClasses, Text, tokens, Tooltip } from '@fluentui/react-components';
import { Add24Regular } from '@fluentui/react-icons/svg/add';
import { Delete24Regular } from '@fluentui/react-icons/svg/delete';
import { Edit24Regular } from '@fluentui/react-icons/svg/edit';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { applyPromptEvent, deletePrompt, usePromptEvents, usePrompts, type AiUsage, type Prompt } from '../api/prompts';
import { useQueues } from '../api/queues';
import { listPageTexts } from '../components/list-page-texts';
import { listStateOf } from '../components/list-state';
import { ListPage } from '../components/ListPage';
import { ListTable, type ListColumn } from '../components/ListTable';
import { useConfirmedDelete } from '../components/use-confirmed-delete';
import { useListSearch } from '../components/use-list-search';
import { useOpenedOnce } from '../components/use-opened-once';
import { LANGUAGE_TAGS, useLanguage } from '../i18n/language';
import { format, useTexts } from '../i18n/texts';
import { useServices } from '../runtime/services';
import { filterPrompts, usageShown } from './prompt-list';
import { promptsTexts } from './texts';
import { lazyComponent, usePreload } from '../components/lazy-component';

// The dialogs' code loads once the page has shown (usePreload), and they render from their first opening
// (use-opened-once.ts): the form's schema (and zod) stay out of the page's first load.
const PromptDialog = lazyComponent(() => import('./PromptDialog').then((m) => m.PromptDialog));
const ConfirmDeleteDialog = lazyComponent(() => import('../components/ConfirmDeleteDialog').then((m) => m.ConfirmDeleteDialog));

const useStyles = makeStyles({
  usage: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
  },
  usageLine: { fontVariantNumeric: 'tabular-nums' },
  // A meter rather than Fluent's ProgressBar: the month's use is a level, not a task under way (and the
  // app reads a progressbar in the page as "still loading").
  track: {
    height: '6px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralBackground6,
    overflow: 'hidden',
  },
  fill: { height: '100%', borderRadius: tokens.borderRadiusCircular, backgroundColor: tokens.colorCompoundBrandBackground },
  fillNearing: { backgroundColor: tokens.colorPaletteDarkOrangeBackground3 },
  fillReached: { backgroundColor: tokens.colorPaletteRedBackground3 },
  usageNote: { color: tokens.colorNeutralForeground3 },
  named: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS, minWidth: 0 },
  swatch: {
    flexShrink: 0,
    width: '12px',
    height: '12px',
    borderRadius: tokens.borderRadiusCircular,
    // A ring in the theme's stroke, so a colour close to the background still shows.
    boxShadow: `0 0 0 ${tokens.strokeWidthThin} ${tokens.colorNeutralStroke1}`,
  },
  cut: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  number: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
});

type DialogState = { readonly mode: 'closed' } | { readonly mode: 'create' } | { readonly mode: 'edit'; readonly id: string };

export function PromptsPage() {
  usePreload(PromptDialog, ConfirmDeleteDialog);
  const styles = useStyles();
  const texts = useTexts(promptsTexts);
  const { api } = useServices();
  const queryClient = useQueryClient();
  const { typed, setTyped, search } = useListSearch();
  const list = usePrompts();
  const queues = useQueues().data;
  usePromptEvents();
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });

  const deletion = useConfirmedDelete({
    remove: (id: string) => deletePrompt(api, id),
    onDeleted: (id) => applyPromptEvent(queryClient, { action: 'delete', id }),
    // Spec 3 §7: the delete's answer carries the message shown.
    deletedText: (answer) => (answer.message === '' ? texts.page.done : answer.message),
  });

  const dialogShown = useOpenedOnce(dialog.mode !== 'closed');
  const deleteShown = useOpenedOnce(deletion.dialog.open);
  const prompts = filterPrompts(list.data?.prompts ?? [], search);
  // The whole list comes in one answer: no further pages to load.
  const state = listStateOf({ ...list, hasNextPage: false, isFetchingNextPage: false, fetchNextPage: () => Promise.resolve() }, prompts.length);

  /** The prompt's queue as the queues are now (live), else as the prompt was answered. */
  const queueOf = (prompt: Prompt) => queues?.find((queue) => queue.id === prompt.queueId) ?? prompt.queue;

  const columns: readonly ListColumn<Prompt>[] = [
    {
      id: 'name',
      header: texts.table.name,
      narrow: 'title',
      cell: (prompt) => (
        <span className={styles.cut} title={prompt.name}>
          {prompt.name}
        </span>
      ),
    },
    {
      id: 'queue',
      header: texts.table.queue,
      narrow: 'detail',
      width: { min: '140px' },
      cell: (prompt) => {
        const queue = queueOf(prompt);
        if (queue === null) return <span className={styles.muted}>{texts.table.noQueue}</span>;
        return (
          <span className={styles.named}>
            <span className={styles.swatch} style={{ backgroundColor: queue.color }} aria-hidden />
            <span className={styles.cut}>{queue.name}</span>
          </span>
        );
      },
    },
    {
      id: 'maxTokens',
      header: texts.table.maxTokens,
      narrow: 'hidden',
      width: 'content',
      className: styles.number,
      cell: (prompt) => prompt.maxTokens,
    },
  ];

  return (
    <>
      <ListPage
        texts={listPageTexts(texts.page, search)}
        searchText={typed}
        onSearchTextChange={setTyped}
        list={state}
        add={{ label: texts.page.add, icon: <Add24Regular />, onClick: () => setDialog({ mode: 'create' }) }}
        summary={list.data !== undefined && <UsageSummary usage={list.data.usage} />}
      >
        <ListTable
          label={texts.table.label}
          items={prompts}
          itemKey={(prompt) => prompt.id}
          columns={columns}
          actionsHeader={texts.table.actions}
          actions={(prompt) => (
            <>
              <Tooltip content={format(texts.table.edit, { name: prompt.name })} relationship="label">
                <Button appearance="subtle" icon={<Edit24Regular />} onClick={() => setDialog({ mode: 'edit', id: prompt.id })} />
              </Tooltip>
              <Tooltip content={format(texts.table.delete, { name: prompt.name })} relationship="label">
                <Button appearance="subtle" icon={<Delete24Regular />} onClick={() => deletion.ask(prompt)} />
              </Tooltip>
            </>
          )}
        />
      </ListPage>
      <Suspense fallback={null}>
        {dialogShown && (
          <PromptDialog
            open={dialog.mode !== 'closed'}
            {...(dialog.mode === 'edit' && { promptId: dialog.id })}
            onClose={() => setDialog({ mode: 'closed' })}
          />
        )}
        {deleteShown && <ConfirmDeleteDialog {...deletion.dialog} />}
      </Suspense>
    </>
  );
}

/** The month's AI tokens against the plan's cap: 'Uso este mês: 1.234 de 1.000.000 tokens' and a bar. */
function UsageSummary({ usage }: { readonly usage: AiUsage }) {
  const styles = useStyles();
  const texts = useTexts(promptsTexts);
  const { language } = useLanguage();
  const numbers = new Intl.NumberFormat(LANGUAGE_TAGS[language]);
  const shown = usageShown(usage);
  const line = format(texts.usage.line, { tokens: numbers.format(usage.tokens), limit: numbers.format(usage.limit) });

  return (
    <section className={styles.usage} aria-label={texts.usage.bar}>
      <Text className={styles.usageLine} weight="semibold">
        {line}
      </Text>
      <div
        className={styles.track}
        role="meter"
        aria-label={texts.usage.bar}
        aria-valuemin={0}
        aria-valuemax={usage.limit}
        aria-valuenow={Math.min(usage.tokens, usage.limit)}
        aria-valuetext={line}
      >
        <div
          className={mergeClasses(styles.fill, shown.nearing && styles.fillNearing, shown.reached && styles.fillReached)}
          style={{ width: `${Math.round(shown.share * 1000) / 10}%` }}
        />
      </div>
      {(shown.reached || shown.nearing) && (
        <Text size={200} className={styles.usageNote}>
          {shown.reached ? texts.usage.reached : texts.usage.nearing}
        </Text>
      )}
    </section>
  );
}
