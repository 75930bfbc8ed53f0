/**
 * The quick messages as a table (the kit's ListTable; spec 2 §2): the shortcode (with a badge on the
 * shared ones), the attachment's name or 'Sem anexo', and edit and delete for those who may change it
 * (shared/quick-messages.ts canChangeQuickMessage: the author, and admins for a shared one). On a
 * narrow screen each is a card: the shortcode, the attachment under it, the buttons beside them.
 */
import { Badge, Button, makeStyles, tokens, Tooltip } from '@fluentui/react-components';
import { Attach16Regular } from '@fluentui/react-icons/svg/attach';
import { Delete24Regular } from '@fluentui/react-icons/svg/delete';
import { Edit24Regular } from '@fluentui/react-icons/svg/edit';
import type { QuickMessage } from '../../../shared/quick-messages';
import { ListTable, type ListColumn } from '../components/ListTable';
import { format, useTexts } from '../i18n/texts';
import { quickMessagesTexts } from './texts';

const useStyles = makeStyles({
  shortcode: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS, minWidth: 0 },
  // One line, cut with an ellipsis; the title shows the whole shortcode.
  text: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: tokens.fontWeightSemibold },
  badge: { flexShrink: 0 },
  attachment: { display: 'inline-flex', alignItems: 'center', columnGap: tokens.spacingHorizontalXS, overflowWrap: 'anywhere' },
  none: { color: tokens.colorNeutralForeground3 },
});

export interface QuickMessagesTableProps {
  readonly quickMessages: readonly QuickMessage[];
  readonly canChange: (quickMessage: QuickMessage) => boolean;
  readonly onEdit: (quickMessage: QuickMessage) => void;
  readonly onDelete: (quickMessage: QuickMessage) => void;
}

export function QuickMessagesTable({ quickMessages, canChange, onEdit, onDelete }: QuickMessagesTableProps) {
  const styles = useStyles();
  const texts = useTexts(quickMessagesTexts);

  const columns: readonly ListColumn<QuickMessage>[] = [
    {
      id: 'shortcode',
      header: texts.table.shortcode,
      narrow: 'title',
      cell: (quickMessage) => (
        <span className={styles.shortcode}>
          <span className={styles.text} title={quickMessage.shortcode}>
            {quickMessage.shortcode}
          </span>
          {quickMessage.geral && (
            <Tooltip content={texts.table.sharedHint} relationship="description">
              <Badge className={styles.badge} appearance="tint" size="small">
                {texts.table.shared}
              </Badge>
            </Tooltip>
          )}
        </span>
      ),
    },
    {
      id: 'attachment',
      header: texts.table.attachment,
      narrow: 'detail',
      cell: (quickMessage) =>
        quickMessage.mediaName === null ? (
          <span className={styles.none}>{texts.table.noAttachment}</span>
        ) : (
          <span className={styles.attachment}>
            <Attach16Regular aria-hidden />
            {quickMessage.mediaName}
          </span>
        ),
    },
  ];

  return (
    <ListTable
      label={texts.page.title}
      items={quickMessages}
      itemKey={(quickMessage) => quickMessage.id}
      columns={columns}
      actionsHeader={texts.table.actions}
      actions={(quickMessage) => {
        if (!canChange(quickMessage)) return null;
        const named = { shortcode: quickMessage.shortcode };
        return (
          <>
            <Tooltip content={format(texts.actions.edit, named)} relationship="label">
              <Button appearance="subtle" icon={<Edit24Regular />} onClick={() => onEdit(quickMessage)} />
            </Tooltip>
            <Tooltip content={format(texts.actions.delete, named)} relationship="label">
              <Button appearance="subtle" icon={<Delete24Regular />} onClick={() => onDelete(quickMessage)} />
            </Tooltip>
          </>
        );
      }}
    />
  );
}
