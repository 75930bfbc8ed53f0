/**
 * The Ajuda tab (super user; spec 3 §2 Settings; checklist A-019): the help videos every user sees on
 * /helps, with title, description and a link to the video; add, edit, and delete after the one
 * confirmation.
 */
import { Button, Link, makeStyles, tokens, Tooltip } from '@fluentui/react-components';
import { Add24Regular } from '@fluentui/react-icons/svg/add';
import { Delete24Regular } from '@fluentui/react-icons/svg/delete';
import { Edit24Regular } from '@fluentui/react-icons/svg/edit';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deleteHelp, helpKeys, useHelpList, type Help } from '../api/helps';
import { useServices } from '../runtime/services';
import { ConfirmDeleteDialog } from '../components/ConfirmDeleteDialog';
import { useConfirmedDelete } from '../components/use-confirmed-delete';
import { ListTable, type ListColumn } from '../components/ListTable';
import { format, useTexts } from '../i18n/texts';
import { HelpDialog } from './HelpDialog';
import { videoLinkOf } from './help-form';
import { TabListFrame } from './TabListFrame';
import { platformTexts } from './texts';

const useStyles = makeStyles({
  title: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  description: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
});

type DialogState = { readonly mode: 'closed' } | { readonly mode: 'create' } | { readonly mode: 'edit'; readonly help: Help };

export function HelpsTab() {
  const styles = useStyles();
  const texts = useTexts(platformTexts);
  const { api } = useServices();
  const queryClient = useQueryClient();
  const list = useHelpList();
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });

  const deletion = useConfirmedDelete({
    remove: (helpId: string) => deleteHelp(api, helpId),
    onDeleted: () => {
      void queryClient.invalidateQueries({ queryKey: helpKeys.all });
    },
    deletedText: texts.common.saved,
  });

  const helps = list.data ?? [];
  const columns: readonly ListColumn<Help>[] = [
    {
      id: 'title',
      header: texts.helps.title,
      narrow: 'title',
      cell: (help) => (
        <span className={styles.title} title={help.title}>
          {help.title}
        </span>
      ),
    },
    { id: 'description', header: texts.helps.description, narrow: 'detail', cell: (help) => <span className={styles.description}>{help.description}</span> },
    {
      id: 'video',
      header: texts.helps.link,
      narrow: 'detail',
      cell: (help) => (
        // The visible word starts the accessible name, which adds the video's title.
        <Link href={videoLinkOf(help.video)} target="_blank" rel="noreferrer" aria-label={format(texts.helps.watch, { title: help.title })}>
          {texts.helps.watchShort}
        </Link>
      ),
    },
  ];

  return (
    <>
      <TabListFrame
        title={texts.helps.label}
        add={{ label: texts.helps.add, icon: <Add24Regular />, onClick: () => setDialog({ mode: 'create' }) }}
        query={list}
        count={helps.length}
        empty={texts.helps.empty}
      >
        <ListTable
          label={texts.helps.label}
          items={helps}
          itemKey={(help) => help.id}
          columns={columns}
          actionsHeader={texts.common.actions}
          actions={(help) => {
            const named = { name: help.title };
            return (
              <>
                <Tooltip content={format(texts.common.edit, named)} relationship="label">
                  <Button appearance="subtle" icon={<Edit24Regular />} onClick={() => setDialog({ mode: 'edit', help })} />
                </Tooltip>
                <Tooltip content={format(texts.common.delete, named)} relationship="label">
                  <Button appearance="subtle" icon={<Delete24Regular />} onClick={() => deletion.ask(help)} />
                </Tooltip>
              </>
            );
          }}
        />
      </TabListFrame>
      <HelpDialog open={dialog.mode !== 'closed'} {...(dialog.mode === 'edit' && { help: dialog.help })} onClose={() => setDialog({ mode: 'closed' })} />
      <ConfirmDeleteDialog {...deletion.dialog} />
    </>
  );
}
