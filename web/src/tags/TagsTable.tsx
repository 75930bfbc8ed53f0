/**
 * The tags as a table (the kit's ListTable): the name beside a dot of the tag's colour (with a Kanban
 * badge when the tag is a lane of the board), the count of tickets carrying it, and the row's actions
 * (edit, and delete for those allowed). The colour is data, shown as a dot with the name in the
 * theme's text colour, so any colour a user picks stays readable in both themes. On a narrow screen
 * each tag is a card: the name, the count under it, the actions beside them.
 */
import { Badge, Button, makeStyles, tokens, Tooltip } from '@fluentui/react-components';
import { Delete24Regular } from '@fluentui/react-icons/svg/delete';
import { Edit24Regular } from '@fluentui/react-icons/svg/edit';
import type { Tag } from '../api/tags';
import { ListTable, type ListColumn } from '../components/ListTable';
import { format, useCountText, useTexts } from '../i18n/texts';
import { tagsTexts } from './texts';

const useStyles = makeStyles({
  tag: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS, minWidth: 0 },
  dot: {
    flexShrink: 0,
    width: '14px',
    height: '14px',
    borderRadius: tokens.borderRadiusCircular,
    // A ring in the theme's stroke, so a colour close to the background still shows.
    boxShadow: `0 0 0 ${tokens.strokeWidthThin} ${tokens.colorNeutralStroke1}`,
  },
  name: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  badge: { flexShrink: 0 },
  count: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
});

export interface TagsTableProps {
  readonly tags: readonly Tag[];
  readonly canDelete: boolean;
  readonly onEdit: (tag: Tag) => void;
  readonly onDelete: (tag: Tag) => void;
}

export function TagsTable({ tags, canDelete, onEdit, onDelete }: TagsTableProps) {
  const styles = useStyles();
  const texts = useTexts(tagsTexts);
  const countText = useCountText();

  const columns: readonly ListColumn<Tag>[] = [
    {
      id: 'name',
      header: texts.table.name,
      narrow: 'title',
      cell: (tag) => (
        <span className={styles.tag}>
          <span className={styles.dot} style={{ backgroundColor: tag.color }} aria-hidden />
          <span className={styles.name} title={tag.name}>
            {tag.name}
          </span>
          {tag.kanban === 1 && (
            <Badge className={styles.badge} appearance="tint" size="small">
              {texts.table.kanban}
            </Badge>
          )}
        </span>
      ),
    },
    {
      id: 'tickets',
      header: texts.table.tickets,
      narrow: 'detail',
      className: styles.count,
      cell: (tag) => countText(texts.table.ticketsCount, tag.ticketsCount),
    },
  ];

  return (
    <ListTable
      label={texts.page.title}
      items={tags}
      itemKey={(tag) => tag.id}
      columns={columns}
      actionsHeader={texts.table.actions}
      actions={(tag) => {
        const named = { name: tag.name };
        return (
          <>
            <Tooltip content={format(texts.actions.edit, named)} relationship="label">
              <Button appearance="subtle" icon={<Edit24Regular />} onClick={() => onEdit(tag)} />
            </Tooltip>
            {canDelete && (
              <Tooltip content={format(texts.actions.delete, named)} relationship="label">
                <Button appearance="subtle" icon={<Delete24Regular />} onClick={() => onDelete(tag)} />
              </Tooltip>
            )}
          </>
        );
      }}
    />
  );
}
