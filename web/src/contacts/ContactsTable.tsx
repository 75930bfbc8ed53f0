/**
 * The contacts as a table: avatar and name, WhatsApp number, email (left out on narrow screens) and the
 * row's actions (start a conversation, edit, and delete for those allowed). The list page around it
 * (components/ListPage) loads the next page as its end comes near.
 */
import {
  Avatar,
  Badge,
  Button,
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableCellLayout,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { Chat24Regular } from '@fluentui/react-icons/svg/chat';
import { Delete24Regular } from '@fluentui/react-icons/svg/delete';
import { Edit24Regular } from '@fluentui/react-icons/svg/edit';
import type { ContactDto } from '../../../shared/contacts';
import { format, useTexts } from '../i18n/texts';
import { displayNumber } from './phone';
import { contactsTexts } from './texts';

const NARROW = '@media (max-width: 599px)';

const useStyles = makeStyles({
  table: { tableLayout: 'auto' },
  email: { [NARROW]: { display: 'none' } },
  number: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  actionsHeader: { width: '1%', whiteSpace: 'nowrap' },
  actions: { display: 'flex', justifyContent: 'flex-end', columnGap: tokens.spacingHorizontalXXS, flexWrap: 'nowrap' },
  name: { overflowWrap: 'break-word' },
});

export interface ContactsTableProps {
  readonly contacts: readonly ContactDto[];
  readonly canDelete: boolean;
  readonly onStartTicket: (contact: ContactDto) => void;
  readonly onEdit: (contact: ContactDto) => void;
  readonly onDelete: (contact: ContactDto) => void;
}

export function ContactsTable(props: ContactsTableProps) {
  const { contacts, canDelete, onStartTicket, onEdit, onDelete } = props;
  const styles = useStyles();
  const texts = useTexts(contactsTexts);

  return (
    <Table className={styles.table} aria-label={texts.page.title}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{texts.table.name}</TableHeaderCell>
          <TableHeaderCell>{texts.table.number}</TableHeaderCell>
          <TableHeaderCell className={styles.email}>{texts.table.email}</TableHeaderCell>
          <TableHeaderCell className={styles.actionsHeader}>{texts.table.actions}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {contacts.map((contact) => {
          const named = { name: contact.name };
          return (
            <TableRow key={contact.id}>
              <TableCell>
                <TableCellLayout
                  media={
                    <Avatar
                      name={contact.name}
                      size={32}
                      {...(contact.profilePicUrl !== null && { image: { src: contact.profilePicUrl } })}
                    />
                  }
                >
                  <span className={styles.name}>{contact.name}</span>
                  {contact.isGroup && (
                    <>
                      {' '}
                      <Badge appearance="tint" size="small">
                        {texts.table.group}
                      </Badge>
                    </>
                  )}
                </TableCellLayout>
              </TableCell>
              <TableCell className={styles.number}>{displayNumber(contact.number, contact.isGroup)}</TableCell>
              <TableCell className={styles.email}>{contact.email}</TableCell>
              <TableCell>
                <div className={styles.actions}>
                  <Tooltip content={format(texts.actions.startTicket, named)} relationship="label">
                    <Button appearance="subtle" icon={<Chat24Regular />} onClick={() => onStartTicket(contact)} />
                  </Tooltip>
                  <Tooltip content={format(texts.actions.edit, named)} relationship="label">
                    <Button appearance="subtle" icon={<Edit24Regular />} onClick={() => onEdit(contact)} />
                  </Tooltip>
                  {canDelete && (
                    <Tooltip content={format(texts.actions.delete, named)} relationship="label">
                      <Button appearance="subtle" icon={<Delete24Regular />} onClick={() => onDelete(contact)} />
                    </Tooltip>
                  )}
                </div>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
