/**
 * The announcements as a table (the kit's ListTable; spec 3 §2 Announcements): title, priority (its
 * colour and its word, PriorityBadge), the image's name or 'Sem anexo', active or inactive, and the
 * row's edit and delete. On a narrow screen each is a card: the title, the details under it, the
 * buttons beside them.
 */
import { Badge, Button, makeStyles, tokens, Tooltip } from '@fluentui/react-components';
import { Delete24Regular } from '@fluentui/react-icons/svg/delete';
import { Edit24Regular } from '@fluentui/react-icons/svg/edit';
import { Image16Regular } from '@fluentui/react-icons/svg/image';
import type { Announcement } from '../api/announcements';
import { ListTable, type ListColumn } from '../components/ListTable';
import { format, useTexts } from '../i18n/texts';
import { PriorityBadge } from './PriorityBadge';
import { announcementsTexts } from './texts';

const useStyles = makeStyles({
  // One line, cut with an ellipsis; the title attribute shows it whole.
  title: { display: 'block', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: tokens.fontWeightSemibold },
  attachment: { display: 'inline-flex', alignItems: 'center', columnGap: tokens.spacingHorizontalXS, overflowWrap: 'anywhere' },
  none: { color: tokens.colorNeutralForeground3 },
});

export interface AnnouncementsTableProps {
  readonly announcements: readonly Announcement[];
  readonly onEdit: (announcement: Announcement) => void;
  readonly onDelete: (announcement: Announcement) => void;
}

export function AnnouncementsTable({ announcements, onEdit, onDelete }: AnnouncementsTableProps) {
  const styles = useStyles();
  const texts = useTexts(announcementsTexts);

  const columns: readonly ListColumn<Announcement>[] = [
    {
      id: 'title',
      header: texts.table.title,
      narrow: 'title',
      cell: (announcement) => (
        <span className={styles.title} title={announcement.title}>
          {announcement.title}
        </span>
      ),
    },
    {
      id: 'priority',
      header: texts.table.priority,
      narrow: 'detail',
      width: 'content',
      cell: (announcement) => <PriorityBadge priority={announcement.priority} />,
    },
    {
      id: 'attachment',
      header: texts.table.attachment,
      narrow: 'detail',
      // A file name has no spaces to wrap at: below this it broke letter by letter.
      width: { min: '12rem' },
      cell: (announcement) =>
        announcement.mediaName === null ? (
          <span className={styles.none}>{texts.table.noAttachment}</span>
        ) : (
          <span className={styles.attachment}>
            <Image16Regular aria-hidden />
            {announcement.mediaName}
          </span>
        ),
    },
    {
      id: 'status',
      header: texts.table.status,
      narrow: 'detail',
      width: 'content',
      cell: (announcement) => (
        <Badge appearance="tint" shape="rounded" color={announcement.status ? 'success' : 'informative'} size="small">
          {announcement.status ? texts.table.active : texts.table.inactive}
        </Badge>
      ),
    },
  ];

  return (
    <ListTable
      label={texts.page.title}
      items={announcements}
      itemKey={(announcement) => announcement.id}
      columns={columns}
      actionsHeader={texts.table.actions}
      actions={(announcement) => {
        const named = { title: announcement.title };
        return (
          <>
            <Tooltip content={format(texts.actions.edit, named)} relationship="label">
              <Button appearance="subtle" icon={<Edit24Regular />} onClick={() => onEdit(announcement)} />
            </Tooltip>
            <Tooltip content={format(texts.actions.delete, named)} relationship="label">
              <Button appearance="subtle" icon={<Delete24Regular />} onClick={() => onDelete(announcement)} />
            </Tooltip>
          </>
        );
      }}
    />
  );
}
