/**
 * The contacts as a table (the kit's ListTable): avatar and name, WhatsApp number, email and the row's
 * actions (start a conversation, schedule a message, edit, and delete for those allowed). On a narrow screen each contact
 * is a card: the name, the number under it, the actions beside them; the email is left out there (the
 * edit form shows it). The list page around it (components/ListPage) loads the next page as its end
 * comes near.
 */
import { Avatar, Badge, Button, makeStyles, tokens, Tooltip } from '@fluentui/react-components';
import { CalendarClock24Regular } from '@fluentui/react-icons/svg/calendar-clock';
import { Chat24Regular } from '@fluentui/react-icons/svg/chat';
import { Delete24Regular } from '@fluentui/react-icons/svg/delete';
import { Edit24Regular } from '@fluentui/react-icons/svg/edit';
import type { ContactDto } from '../../../shared/contacts';
import { ListTable, type ListColumn } from '../components/ListTable';
import { format, useTexts } from '../i18n/texts';
import { displayNumber } from './phone';
import { contactsTexts } from './texts';

const useStyles = makeStyles({
  person: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS, minWidth: 0 },
  avatar: { flexShrink: 0 },
  // One line, cut with an ellipsis; the title shows the whole name.
  name: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  group: { flexShrink: 0 },
  number: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
});

export interface ContactsTableProps {
  readonly contacts: readonly ContactDto[];
  readonly canDelete: boolean;
  readonly onStartTicket: (contact: ContactDto) => void;
  /** Opens the schedules page's dialog for the contact; absent when the plan has no schedules. */
  readonly onSchedule?: (contact: ContactDto) => void;
  readonly onEdit: (contact: ContactDto) => void;
  readonly onDelete: (contact: ContactDto) => void;
}

export function ContactsTable(props: ContactsTableProps) {
  const { contacts, canDelete, onStartTicket, onSchedule, onEdit, onDelete } = props;
  const styles = useStyles();
  const texts = useTexts(contactsTexts);

  const columns: readonly ListColumn<ContactDto>[] = [
    {
      id: 'name',
      header: texts.table.name,
      narrow: 'title',
      cell: (contact) => (
        <span className={styles.person}>
          <Avatar
            className={styles.avatar}
            name={contact.name}
            size={32}
            {...(contact.profilePicUrl !== null && { image: { src: contact.profilePicUrl } })}
          />
          <span className={styles.name} title={contact.name}>
            {contact.name}
          </span>
          {contact.isGroup && (
            <Badge className={styles.group} appearance="tint" size="small">
              {texts.table.group}
            </Badge>
          )}
        </span>
      ),
    },
    {
      id: 'number',
      header: texts.table.number,
      narrow: 'detail',
      className: styles.number,
      cell: (contact) => displayNumber(contact.number, contact.isGroup),
    },
    { id: 'email', header: texts.table.email, narrow: 'hidden', cell: (contact) => contact.email },
  ];

  return (
    <ListTable
      label={texts.page.title}
      items={contacts}
      itemKey={(contact) => contact.id}
      columns={columns}
      actionsHeader={texts.table.actions}
      actions={(contact) => {
        const named = { name: contact.name };
        return (
          <>
            <Tooltip content={format(texts.actions.startTicket, named)} relationship="label">
              <Button appearance="subtle" icon={<Chat24Regular />} onClick={() => onStartTicket(contact)} />
            </Tooltip>
            {onSchedule && (
              <Tooltip content={format(texts.actions.schedule, named)} relationship="label">
                <Button appearance="subtle" icon={<CalendarClock24Regular />} onClick={() => onSchedule(contact)} />
              </Tooltip>
            )}
            <Tooltip content={format(texts.actions.edit, named)} relationship="label">
              <Button appearance="subtle" icon={<Edit24Regular />} onClick={() => onEdit(contact)} />
            </Tooltip>
            {canDelete && (
              <Tooltip content={format(texts.actions.delete, named)} relationship="label">
                <Button appearance="subtle" icon={<Delete24Regular />} onClick={() => onDelete(contact)} />
              </Tooltip>
            )}
          </>
        );
      }}
    />
  );
}
